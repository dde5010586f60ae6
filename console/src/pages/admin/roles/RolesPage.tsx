import type { RoleView } from '@nimbus/api';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeleteRoleMutation, useListRolesQuery } from '../../../api/iamApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { currentOrganizationId } from '../../../components/admin/session';
import { useListParams } from '../../../components/admin/useListParams';
import { ADMIN_PATHS, editPath } from '../adminPaths';
import { useRoleDescription } from './roleDescription';

export default function RolesPage() {
  const { t } = useTranslation();
  const describe = useRoleDescription();
  const organizationId = currentOrganizationId();
  const paging = useListParams();
  const { data, isFetching, refetch } = useListRolesQuery(
    { organizationId, ...paging.params },
    { skip: !organizationId },
  );
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
      emptyText={t('admin.roles.empty')}
      paging={paging}
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
          render: (_value, role) => (
            <>
              {role.name} {role.builtIn && <Tag>{t('admin.roles.builtIn')}</Tag>}
            </>
          ),
        },
        {
          key: 'description',
          title: t('admin.common.description'),
          render: (_value, role) => describe(role),
        },
        {
          key: 'permissions',
          title: t('admin.roles.permissionCount'),
          render: (_value, role) => role.permissions.length,
        },
      ]}
    />
  );
}
