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
import { endpointQuery, endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';
import { listQuery, type ListArgs } from '../apiClient/listArgs';

/** The most users (and groups) a cluster's detail page lists as bound to it. */
export const CLUSTER_BINDINGS_SHOWN = 100;

interface ClusterBindingsArgs {
  organizationId: string;
  cluster: string;
}

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
        query: (args) => listQuery('listOrganizationUsers', { orgId: args.organizationId }, args),
        providesTags: ['User'],
      }),
      createUser: build.mutation<UserView, CreateUserBody>({
        query: (body) => endpointRequest('createUser', {}, body),
        invalidatesTags: afterSuccess('User', 'Group'),
      }),
      updateUser: build.mutation<UserView, GeneralUpdateBody>({
        query: (body) => endpointRequest('updateUser', {}, body),
        invalidatesTags: afterSuccess('User', 'Group'),
      }),
      removeUserFromOrganization: build.mutation<null, { organizationId: string; userId: string }>({
        query: ({ organizationId, userId }) =>
          endpointRequest('removeOrganizationMember', { orgId: organizationId, userId }),
        invalidatesTags: afterSuccess('User', 'Group'),
      }),

      /** The users with an own binding on one cluster (its detail page). */
      listClusterUsers: build.query<ResponseFor<'listOrganizationUsers'>, ClusterBindingsArgs>({
        query: ({ organizationId, cluster }) =>
          endpointQuery(
            'listOrganizationUsers',
            { orgId: organizationId },
            { page: 1, pageSize: CLUSTER_BINDINGS_SHOWN, cluster },
          ),
        providesTags: ['User'],
      }),
      /** The user groups bound to one cluster. */
      listClusterGroups: build.query<ResponseFor<'listGroups'>, ClusterBindingsArgs>({
        query: ({ organizationId, cluster }) =>
          endpointQuery(
            'listGroups',
            { orgId: organizationId },
            { page: 1, pageSize: CLUSTER_BINDINGS_SHOWN, cluster },
          ),
        providesTags: ['Group'],
      }),
      listGroups: build.query<ResponseFor<'listGroups'>, ListArgs>({
        query: (args) => listQuery('listGroups', { orgId: args.organizationId }, args),
        providesTags: ['Group'],
      }),
      getGroup: build.query<GroupView, { organizationId: string; groupId: string }>({
        query: ({ organizationId, groupId }) =>
          endpointRequest('getGroup', { orgId: organizationId, groupId }),
        providesTags: ['Group'],
      }),
      saveGroup: build.mutation<GroupView, GroupBody>({
        query: (body) =>
          body.uuid
            ? endpointRequest('updateGroup', {}, body)
            : endpointRequest('createGroup', {}, body),
        invalidatesTags: afterSuccess('Group', 'User'),
      }),
      deleteGroup: build.mutation<null, { organizationId: string; groupId: string }>({
        query: ({ organizationId, groupId }) =>
          endpointRequest('deleteGroup', { orgId: organizationId, groupId }),
        invalidatesTags: afterSuccess('Group', 'User'),
      }),

      listRoles: build.query<ResponseFor<'listRoles'>, ListArgs>({
        query: (args) => listQuery('listRoles', { organizationId: args.organizationId }, args),
        providesTags: ['Role'],
      }),
      saveRole: build.mutation<RoleView, RoleBody>({
        query: (body) =>
          body.uuid
            ? endpointRequest('updateRole', {}, body)
            : endpointRequest('createRole', {}, body),
        invalidatesTags: afterSuccess('Role'),
      }),
      deleteRole: build.mutation<null, { organizationId: string; roleId: string }>({
        query: ({ organizationId, roleId }) =>
          endpointRequest('deleteRole', { organizationId, roleId }),
        invalidatesTags: afterSuccess('Role'),
      }),
      listPermissions: build.query<ResponseFor<'listPermissions'>, undefined>({
        query: () => endpointRequest('listPermissions', {}),
        providesTags: ['Permission'],
      }),

      // The organization list and creation are organizationApi's (the switcher uses them too).
      updateOrganization: build.mutation<OrgView, UpdateOrganizationBody>({
        query: (body) => endpointRequest('updateOrganization', {}, body),
        invalidatesTags: afterSuccess('Organization'),
      }),
      deleteOrganization: build.mutation<null, string>({
        query: (orgId) => endpointRequest('deleteOrganization', { orgId }),
        invalidatesTags: afterSuccess('Organization'),
      }),
      // A GET, but every call issues a new code, so it is a mutation and never cached.
      generateInvitation: build.mutation<Invitation, string>({
        query: (orgId) => endpointRequest('generateInvitation', { orgId }),
      }),

      // The organization's clusters a role can be bound on (one page of the largest size).
      // Whenever the call fails the list is simply empty, without an error notification.
      listClusterNames: build.query<string[], ListArgs>({
        query: (args) =>
          listQuery('listOrganizationProviders', { orgId: args.organizationId }, args),
        extraOptions: { silent: true },
        transformResponse: (data: ResponseFor<'listOrganizationProviders'> | null) =>
          (data?.items ?? []).map((item) => item.cluster),
      }),
    }),
  });

export const {
  useListUsersQuery,
  useLazyListUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useRemoveUserFromOrganizationMutation,
  useListGroupsQuery,
  useLazyListGroupsQuery,
  useListClusterUsersQuery,
  useListClusterGroupsQuery,
  useGetGroupQuery,
  useSaveGroupMutation,
  useDeleteGroupMutation,
  useListRolesQuery,
  useLazyListRolesQuery,
  useSaveRoleMutation,
  useDeleteRoleMutation,
  useListPermissionsQuery,
  useUpdateOrganizationMutation,
  useDeleteOrganizationMutation,
  useGenerateInvitationMutation,
  useListClusterNamesQuery,
} = iamApi;
