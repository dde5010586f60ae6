import type { RoleView } from '@nimbus/api';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useDeleteRoleMutation,
  useLazyListRolesQuery,
  useListRolesQuery,
} from '../../../api/iamApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { formatTime } from '../../../components/admin/formatTime';
import { currentOrganizationId } from '../../../components/admin/session';
import { useListParams } from '../../../components/admin/useListParams';
import { ADMIN_PATHS, editPath } from '../adminPaths';
import { useRoleDescription } from './roleDescription';

export default function RolesPage() {
  const { t, i18n } = useTranslation();
  const describe = useRoleDescription();
  const organizationId = currentOrganizationId();
  const paging = useListParams();
  const { data, isFetching, refetch } = useListRolesQuery(
    { organizationId, ...paging.params },
    { skip: !organizationId },
  );
  const [readRoles] = useLazyListRolesQuery();
  const [deleteRole] = useDeleteRoleMutation();

  return (
    <AdminListPage<RoleView>
      title={t('admin.roles.title')}
      testId="admin-roles-table"
      rowKey={(role) => role.uuid}
      items={data?.items}
      total={data?.total}
      loading={isFetching}
      refresh={refetch}
      live="hub.roles"
      emptyText={t('admin.roles.empty')}
      paging={paging}
      readPage={(page, pageSize) =>
        readRoles({ organizationId, ...paging.params, page, pageSize }).unwrap()
      }
      searchPlaceholder={t('admin.roles.searchPlaceholder')}
      create={{ path: ADMIN_PATHS.roleAdd, label: t('admin.roles.create') }}
      edit={(role) => ({
        path: editPath(ADMIN_PATHS.roleAdd, role.uuid),
        // Built-in roles can be looked at, never changed.
        label: role.builtIn ? t('admin.common.view') : t('admin.common.edit'),
      })}
      deletion={{
        title: (role) => t('admin.roles.deleteTitle', { name: role.name }),
        nameOf: (role) => role.name,
        disabled: (role) => role.builtIn,
        remove: (role) => deleteRole({ organizationId, roleId: role.uuid }).unwrap(),
      }}
      columns={[
        {
          key: 'name',
          title: t('admin.common.name'),
          sort: 'name',
          text: (role) => role.name,
          render: (_value, role) => (
            <>
              {role.name} {role.builtIn && <Tag>{t('admin.roles.builtIn')}</Tag>}
            </>
          ),
        },
        {
          key: 'description',
          title: t('admin.common.description'),
          text: describe,
          render: (_value, role) => describe(role),
        },
        {
          key: 'permissions',
          title: t('admin.roles.permissionCount'),
          text: (role) => role.permissions.length,
          render: (_value, role) => role.permissions.length,
        },
        {
          key: 'createdAt',
          title: t('admin.common.createdAt'),
          sort: 'created',
          text: (role) => role.createdAt,
          render: (_value, role) => formatTime(role.createdAt, i18n.language),
        },
      ]}
    />
  );
}
