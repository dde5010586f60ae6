import type {
  CreateUserBody,
  GeneralUpdateBody,
  GroupBody,
  GroupView,
  Invitation,
  OrgView,
  ResponseFor,
  RoleBody,
  RoleView,
  UpdateOrganizationBody,
  UserView,
} from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';
import { listQuery, type ListArgs } from '../apiClient/listArgs';

const iam = (path: string) => `${servicePath('iam')}${path}`;
const segment = encodeURIComponent;
const org = (organizationId: string, rest = '') =>
  iam(`/organizations/${segment(organizationId)}${rest}`);

type IamTag = 'User' | 'Group' | 'Role' | 'Organization';
/** Invalidate only when the change happened; a refused change leaves every cached list valid. */
const afterSuccess =
  (...tags: IamTag[]) =>
  (_result: unknown, error: unknown): IamTag[] =>
    error ? [] : tags;

export const iamApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['User', 'Group', 'Role', 'Permission', 'Organization'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listUsers: build.query<ResponseFor<'listOrganizationUsers'>, ListArgs>({
        query: (args) => listQuery(org(args.organizationId, '/users'), args),
        providesTags: ['User'],
      }),
      createUser: build.mutation<UserView, CreateUserBody>({
        query: (body) => ({ url: iam('/users'), method: 'POST', body }),
        invalidatesTags: afterSuccess('User', 'Group'),
      }),
      updateUser: build.mutation<UserView, GeneralUpdateBody>({
        query: (body) => ({ url: iam('/users'), method: 'PUT', body }),
        invalidatesTags: afterSuccess('User', 'Group'),
      }),
      removeUserFromOrganization: build.mutation<null, { organizationId: string; userId: string }>({
        query: ({ organizationId, userId }) => ({
          url: org(organizationId, `/users/${segment(userId)}`),
          method: 'DELETE',
        }),
        invalidatesTags: afterSuccess('User', 'Group'),
      }),

      listGroups: build.query<ResponseFor<'listGroups'>, ListArgs>({
        query: (args) => listQuery(org(args.organizationId, '/groups'), args),
        providesTags: ['Group'],
      }),
      getGroup: build.query<GroupView, { organizationId: string; groupId: string }>({
        query: ({ organizationId, groupId }) => org(organizationId, `/groups/${segment(groupId)}`),
        providesTags: ['Group'],
      }),
      saveGroup: build.mutation<GroupView, GroupBody>({
        query: (body) => ({ url: iam('/groups'), method: body.uuid ? 'PUT' : 'POST', body }),
        invalidatesTags: afterSuccess('Group', 'User'),
      }),
      deleteGroup: build.mutation<null, { organizationId: string; groupId: string }>({
        query: ({ organizationId, groupId }) => ({
          url: org(organizationId, `/groups/${segment(groupId)}`),
          method: 'DELETE',
        }),
        invalidatesTags: afterSuccess('Group', 'User'),
      }),

      listRoles: build.query<ResponseFor<'listRoles'>, ListArgs>({
        query: (args) => listQuery(org(args.organizationId, '/roles'), args),
        providesTags: ['Role'],
      }),
      saveRole: build.mutation<RoleView, RoleBody>({
        query: (body) => ({ url: iam('/roles'), method: body.uuid ? 'PUT' : 'POST', body }),
        invalidatesTags: afterSuccess('Role'),
      }),
      deleteRole: build.mutation<null, { organizationId: string; roleId: string }>({
        query: ({ organizationId, roleId }) => ({
          url: org(organizationId, `/roles/${segment(roleId)}`),
          method: 'DELETE',
        }),
        invalidatesTags: afterSuccess('Role'),
      }),
      listPermissions: build.query<ResponseFor<'listPermissions'>, undefined>({
        query: () => iam('/permissions'),
        providesTags: ['Permission'],
      }),

      // The organization list and creation are organizationApi's (the switcher uses them too).
      updateOrganization: build.mutation<OrgView, UpdateOrganizationBody>({
        query: (body) => ({ url: iam('/organizations'), method: 'PUT', body }),
        invalidatesTags: afterSuccess('Organization'),
      }),
      deleteOrganization: build.mutation<null, string>({
        query: (organizationId) => ({ url: org(organizationId), method: 'DELETE' }),
        invalidatesTags: afterSuccess('Organization'),
      }),
      // A GET, but every call issues a new code, so it is a mutation and never cached.
      generateInvitation: build.mutation<Invitation, string>({
        query: (organizationId) => iam(`/join/organizations/${segment(organizationId)}`),
      }),

      // The organization's clusters a role can be bound on (one page of the largest size).
      // Whenever the call fails the list is simply empty, without an error notification.
      listClusterNames: build.query<string[], ListArgs>({
        query: (args) =>
          listQuery(
            `${servicePath('manage')}/organizations/${segment(args.organizationId)}/providers`,
            args,
          ),
        extraOptions: { silent: true },
        transformResponse: (data: ResponseFor<'listOrganizationProviders'> | null) =>
          (data?.items ?? []).map((item) => item.cluster),
      }),
    }),
  });

export const {
  useListUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useRemoveUserFromOrganizationMutation,
  useListGroupsQuery,
  useGetGroupQuery,
  useSaveGroupMutation,
  useDeleteGroupMutation,
  useListRolesQuery,
  useSaveRoleMutation,
  useDeleteRoleMutation,
  useListPermissionsQuery,
  useUpdateOrganizationMutation,
  useDeleteOrganizationMutation,
  useGenerateInvitationMutation,
  useListClusterNamesQuery,
} = iamApi;
