import type { ClusterDetail } from '@nimbus/api';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../components/admin/formatTime';

type Condition = ClusterDetail['conditions'][number];

const statusColor = (status: string) =>
  status === 'True' ? 'success' : status === 'False' ? 'error' : 'default';

/** The Cluster resource's conditions (Ready, MemberClaim …), as `kubectl describe` shows them. */
export function ClusterConditions({ conditions }: { conditions: readonly Condition[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table<Condition>
      data-testid="cluster-conditions"
      size="small"
      rowKey="type"
      pagination={false}
      dataSource={[...conditions]}
      locale={{ emptyText: t('admin.clusters.detail.noConditions') }}
      columns={[
        { key: 'type', title: t('admin.clusters.detail.conditionType'), dataIndex: 'type' },
        {
          key: 'status',
          title: t('admin.clusters.status'),
          render: (_value, condition) => (
            <Tag color={statusColor(condition.status)}>{condition.status}</Tag>
          ),
        },
        { key: 'reason', title: t('admin.clusters.detail.reason'), dataIndex: 'reason' },
        { key: 'message', title: t('admin.clusters.detail.message'), dataIndex: 'message' },
        {
          key: 'changed',
          title: t('admin.clusters.detail.changed'),
          render: (_value, condition) => formatTime(condition.lastTransitionTime, i18n.language),
        },
      ]}
    />
  );
}
