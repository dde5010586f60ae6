import type { GroupView } from '@nimbus/api';
import { useTranslation } from 'react-i18next';
import {
  useDeleteGroupMutation,
  useLazyListGroupsQuery,
  useListGroupsQuery,
} from '../../../api/iamApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { formatTime } from '../../../components/admin/formatTime';
import { currentOrganizationId } from '../../../components/admin/session';
import { useListParams } from '../../../components/admin/useListParams';
import { ADMIN_PATHS, editPath } from '../adminPaths';

/** The group's cluster bindings as `cluster: role`, one after another. */
const bindingsText = (group: GroupView): string =>
  group.providers.map((binding) => `${binding.cluster}: ${binding.roleName ?? ''}`).join(', ');

export default function GroupsPage() {
  const { t, i18n } = useTranslation();
  const organizationId = currentOrganizationId();
  const paging = useListParams();
  const { data, isFetching, refetch } = useListGroupsQuery(
    { organizationId, ...paging.params },
    { skip: !organizationId },
  );
  const [readGroups] = useLazyListGroupsQuery();
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
      live="hub.groups"
      emptyText={t('admin.groups.empty')}
      paging={paging}
      readPage={(page, pageSize) =>
        readGroups({ organizationId, ...paging.params, page, pageSize }).unwrap()
      }
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
        { key: 'name', title: t('admin.common.name'), dataIndex: 'name', sort: 'name' },
        { key: 'description', title: t('admin.common.description'), dataIndex: 'description' },
        {
          key: 'members',
          title: t('admin.groups.memberCount'),
          text: (group) => group.userIds.length,
          render: (_value, group) => group.userIds.length,
        },
        {
          key: 'clusters',
          title: t('admin.groups.clusters'),
          text: bindingsText,
          render: (_value, group) => bindingsText(group),
        },
        {
          key: 'createdAt',
          title: t('admin.common.createdAt'),
          sort: 'created',
          text: (group) => group.createdAt,
          render: (_value, group) => formatTime(group.createdAt, i18n.language),
        },
      ]}
    />
  );
}
