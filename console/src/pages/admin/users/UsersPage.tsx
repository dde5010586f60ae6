import type { UserView } from '@nimbus/api';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useLazyListUsersQuery,
  useListUsersQuery,
  useRemoveUserFromOrganizationMutation,
} from '../../../api/iamApi';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { formatTime } from '../../../components/admin/formatTime';
import { currentOrganizationId } from '../../../components/admin/session';
import { useListParams } from '../../../components/admin/useListParams';
import { ADMIN_PATHS, editPath } from '../adminPaths';

export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const organizationId = currentOrganizationId();
  const paging = useListParams();
  const { data, isFetching, refetch } = useListUsersQuery(
    { organizationId, ...paging.params },
    { skip: !organizationId },
  );
  const [readUsers] = useLazyListUsersQuery();
  const [removeUser] = useRemoveUserFromOrganizationMutation();
  const isOrgAdmin = (user: UserView) =>
    user.organizations.some((org) => org.uuid === organizationId && org.adminFlag);

  return (
    <AdminListPage<UserView>
      title={t('admin.users.title')}
      testId="admin-users-table"
      rowKey={(user) => user.uuid}
      items={data?.items}
      total={data?.total}
      loading={isFetching}
      refresh={refetch}
      live="hub.users"
      emptyText={t('admin.users.empty')}
      paging={paging}
      readPage={(page, pageSize) =>
        readUsers({ organizationId, ...paging.params, page, pageSize }).unwrap()
      }
      searchPlaceholder={t('admin.users.searchPlaceholder')}
      create={{ path: ADMIN_PATHS.userAdd, label: t('admin.users.create') }}
      edit={(user) => ({
        path: editPath(ADMIN_PATHS.userAdd, user.userName),
        label: t('admin.common.edit'),
      })}
      deletion={{
        label: t('admin.users.remove'),
        title: (user) => t('admin.users.removeTitle', { name: user.userName }),
        nameOf: (user) => user.userName,
        remove: (user) => removeUser({ organizationId, userId: user.uuid }).unwrap(),
      }}
      columns={[
        {
          key: 'userName',
          title: t('admin.users.userName'),
          dataIndex: 'userName',
          sort: 'name',
        },
        { key: 'name', title: t('admin.users.name'), dataIndex: 'name' },
        { key: 'email', title: t('admin.users.email'), dataIndex: 'email' },
        {
          key: 'orgAdmin',
          title: t('admin.users.orgAdmin'),
          text: isOrgAdmin,
          render: (_value, user) =>
            isOrgAdmin(user) ? (
              <Tag color="blue">{t('admin.common.yes')}</Tag>
            ) : (
              <Tag>{t('admin.common.no')}</Tag>
            ),
        },
        {
          key: 'groups',
          title: t('admin.users.groups'),
          text: (user) => user.groupUserBindings.map((group) => group.name).join(', '),
          render: (_value, user) => user.groupUserBindings.map((group) => group.name).join(', '),
        },
        {
          key: 'createdAt',
          title: t('admin.common.createdAt'),
          sort: 'created',
          text: (user) => user.createdAt,
          render: (_value, user) => formatTime(user.createdAt, i18n.language),
        },
      ]}
    />
  );
}
