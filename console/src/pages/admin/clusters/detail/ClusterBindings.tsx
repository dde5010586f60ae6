import type { GroupView, UserView } from '@nimbus/api';
import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListClusterGroupsQuery, useListClusterUsersQuery } from '../../../../api/iamApi';

interface BindingRow {
  key: string;
  subject: string;
  kind: 'user' | 'group';
  role: string;
  effect: 'Allow' | 'Deny';
}

/** Each binding of `subject` on the cluster: a row per role (a subject may hold several). */
const rowsOf = (
  kind: BindingRow['kind'],
  subject: string,
  bindings: UserView['providers'],
  cluster: string,
): BindingRow[] =>
  bindings
    .filter((binding) => binding.cluster === cluster)
    .map((binding) => ({
      key: `${kind}/${subject}/${binding.roleName}/${binding.effect}`,
      subject,
      kind,
      role: binding.roleName,
      effect: binding.effect,
    }));

/**
 * Who holds a role on the cluster: the owning organization's users and groups with their own
 * binding on it (a user's access through a group shows under the group).
 */
export function ClusterBindings({
  cluster,
  organizationId,
}: {
  cluster: string;
  organizationId: string;
}) {
  const { t } = useTranslation();
  const args = { organizationId, cluster };
  const users = useListClusterUsersQuery(args);
  const groups = useListClusterGroupsQuery(args);
  const rows = [
    ...(groups.data?.items ?? []).flatMap((group: GroupView) =>
      rowsOf('group', group.name, group.providers, cluster),
    ),
    ...(users.data?.items ?? []).flatMap((user: UserView) =>
      rowsOf('user', user.userName, user.providers, cluster),
    ),
  ];
  return (
    <Flex vertical gap="small">
      <Table<BindingRow>
        data-testid="cluster-bindings"
        size="small"
        rowKey="key"
        loading={users.isFetching || groups.isFetching}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('admin.clusters.detail.noBindings') }}
        columns={[
          {
            key: 'subject',
            title: t('admin.clusters.detail.subject'),
            render: (_value, row) => (
              <span>
                <Tag>{t(`admin.clusters.detail.${row.kind}`)}</Tag>
                {row.subject}
              </span>
            ),
          },
          { key: 'role', title: t('admin.clusters.detail.role'), dataIndex: 'role' },
          {
            key: 'effect',
            title: t('admin.clusters.detail.effect'),
            render: (_value, row) => (
              <Tag color={row.effect === 'Allow' ? 'success' : 'error'}>
                {t(
                  row.effect === 'Allow'
                    ? 'admin.clusters.detail.allow'
                    : 'admin.clusters.detail.deny',
                )}
              </Tag>
            ),
          },
        ]}
      />
      {(users.data?.total ?? 0) > (users.data?.items.length ?? 0) && (
        <Typography.Text type="secondary">
          {t('admin.clusters.detail.moreBindings', { shown: users.data?.items.length ?? 0 })}
        </Typography.Text>
      )}
    </Flex>
  );
}
