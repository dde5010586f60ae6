import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';

export interface OrgView {
  uuid: string;
  name: string;
  cnName: string;
  contact: string;
  email: string;
  description: string;
  monitorKey: string;
  monitorValue: string;
  adminFlag?: boolean;
  createdAt: string;
}

export interface OrganizationDraft {
  name: string;
  cnName: string;
  contact: string;
  email: string;
  description: string;
  monitorKey: string;
  monitorValue: string;
}

export interface JoinOrganizationRequest {
  organizationId: string;
  inviter: string;
  invitationCode: string;
  /** The joining user's id. */
  invitee: string;
}

const iam = () => servicePath('iam');

/** The organizations of the signed-in user: the header's switcher and the join-or-create dialog. */
export const organizationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserOrganizations: build.query<{ items: OrgView[]; total: number }, string>({
      query: (userId) => `${iam()}/user/${encodeURIComponent(userId)}/organizations`,
      providesTags: ['Organization'],
    }),
    createOwnOrganization: build.mutation<OrgView, OrganizationDraft>({
      query: (body) => ({ url: `${iam()}/organizations`, method: 'POST', body }),
      invalidatesTags: ['Organization'],
    }),
    joinOrganization: build.mutation<OrgView, JoinOrganizationRequest>({
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
