import type {
  CreateOrganizationBody,
  JoinOrganizationBody,
  OrgView,
  UserOrganizations,
} from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

const iam = () => servicePath('iam');

/** The organizations of the signed-in user: the header's switcher and the join-or-create dialog. */
export const organizationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserOrganizations: build.query<UserOrganizations, string>({
      query: (userId) => `${iam()}/user/${encodeURIComponent(userId)}/organizations`,
      providesTags: ['Organization'],
    }),
    createOwnOrganization: build.mutation<OrgView, CreateOrganizationBody>({
      query: (body) => ({ url: `${iam()}/organizations`, method: 'POST', body }),
      invalidatesTags: ['Organization'],
    }),
    // The organization is the path's; the body names the inviter, the code and the caller.
    joinOrganization: build.mutation<OrgView, JoinOrganizationBody & { organizationId: string }>({
      query: ({ organizationId, ...body }) => ({
        url: `${iam()}/join/organizations/${encodeURIComponent(organizationId)}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Organization'],
    }),
  }),
});

export const {
  useGetUserOrganizationsQuery,
  useCreateOwnOrganizationMutation,
  useJoinOrganizationMutation,
} = organizationApi;
