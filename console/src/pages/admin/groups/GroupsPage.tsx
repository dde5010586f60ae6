import type { GroupView } from '@nimbus/api';
import { useTranslation } from 'react-i18next';
import { useDeleteGroupMutation, useListGroupsQuery } from '../../../api/iamApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { currentOrganizationId } from '../../../components/admin/session';
import { useListParams } from '../../../components/admin/useListParams';
import { ADMIN_PATHS, editPath } from '../adminPaths';

export default function GroupsPage() {
  const { t } = useTranslation();
  const organizationId = currentOrganizationId();
  const paging = useListParams();
  const { data, isFetching, refetch } = useListGroupsQuery(
    { organizationId, ...paging.params },
    { skip: !organizationId },
  );
  const [deleteGroup] = useDeleteGroupMutation();

  return (
    <AdminListPage<GroupView>
      title={t('admin.groups.title')}
      testId="admin-groups-table"
      rowKey={(group) => group.uuid}
      items={data?.items}
      total={data?.total}
      loading={isFetching}
      refresh={refetch}
      emptyText={t('admin.groups.empty')}
      paging={paging}
      searchPlaceholder={t('admin.groups.searchPlaceholder')}
      create={{ path: ADMIN_PATHS.groupAdd, label: t('admin.groups.create') }}
      edit={(group) => ({
        path: editPath(ADMIN_PATHS.groupAdd, group.uuid),
        label: t('admin.common.edit'),
      })}
      deletion={{
        title: (group) => t('admin.groups.deleteTitle', { name: group.name }),
        nameOf: (group) => group.name,
        remove: (group) => deleteGroup({ organizationId, groupId: group.uuid }).unwrap(),
      }}
      columns={[
        { key: 'name', title: t('admin.common.name'), dataIndex: 'name' },
        { key: 'description', title: t('admin.common.description'), dataIndex: 'description' },
        {
          key: 'members',
          title: t('admin.groups.memberCount'),
          render: (_value, group) => group.userIds.length,
        },
        {
          key: 'clusters',
          title: t('admin.groups.clusters'),
          render: (_value, group) =>
            group.providers
              .map((binding) => `${binding.cluster}: ${binding.roleName ?? ''}`)
              .join(', '),
        },
      ]}
    />
  );
}
