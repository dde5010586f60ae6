import type {
  CreateOrganizationBody,
  JoinOrganizationBody,
  OrgView,
  UserOrganizations,
} from '@nimbus/api';
import { endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

/** The organizations of the signed-in user: the header's switcher and the join-or-create dialog. */
export const organizationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserOrganizations: build.query<UserOrganizations, string>({
      query: (userId) => endpointRequest('listUserOrganizations', { userId }),
      providesTags: ['Organization'],
    }),
    createOwnOrganization: build.mutation<OrgView, CreateOrganizationBody>({
      query: (body) => endpointRequest('createOrganization', {}, body),
      invalidatesTags: ['Organization'],
    }),
    // The organization is the path's; the body names the inviter, the code and the caller.
    joinOrganization: build.mutation<OrgView, JoinOrganizationBody & { organizationId: string }>({
      query: ({ organizationId, ...body }) =>
        endpointRequest('joinOrganization', { orgId: organizationId }, body),
      invalidatesTags: ['Organization'],
    }),
  }),
});

export const {
  useGetUserOrganizationsQuery,
  useCreateOwnOrganizationMutation,
  useJoinOrganizationMutation,
} = organizationApi;
