import type { NodeAddress, NodeCondition, NodeEvent } from '@nimbus/api';
import { Button, Card, Flex, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListNodeEventsQuery, useListNodePodsInfiniteQuery } from '../../api/nodeApi';
import { formatTime } from '../../components/admin/formatTime';
import { useLiveRefetch } from '../../live/useLiveRefetch';
import { KindRowsTable } from '../resources/KindRowsTable';

export function NodeConditionsCard({ conditions }: { conditions: NodeCondition[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card size="small" title={t('resources.node.conditions')} data-testid="node-conditions">
      <Table<NodeCondition>
        size="small"
        rowKey="type"
        dataSource={conditions}
        pagination={false}
        columns={[
          { key: 'type', title: t('resources.node.conditionType'), dataIndex: 'type' },
          { key: 'status', title: t('resources.node.conditionStatus'), dataIndex: 'status' },
          { key: 'reason', title: t('resources.node.reason'), dataIndex: 'reason' },
          {
            key: 'message',
            title: t('resources.node.message'),
            dataIndex: 'message',
            ellipsis: true,
          },
          {
            key: 'time',
            title: t('resources.node.lastTransition'),
            render: (_value, row) => formatTime(row.lastTransitionTime, i18n.language),
          },
        ]}
      />
    </Card>
  );
}

/**
 * Pods scheduled on the node, read live page by page, and read again when the index tells of a
 * pod change in the cluster (a pod's node is not in the change notice).
 */
export function NodePodsCard({ address }: { address: NodeAddress }) {
  const { t } = useTranslation();
  const { data, isFetching, hasNextPage, fetchNextPage, refetch } =
    useListNodePodsInfiniteQuery(address);
  useLiveRefetch({ kinds: ['pods'], cluster: address.cluster }, refetch);
  const pods = data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card size="small" title={t('resources.node.pods')} data-testid="node-pods">
      <Flex vertical gap="small">
        <KindRowsTable
          kind="Pod"
          location={address}
          rows={pods}
          loading={isFetching}
          emptyText={t('resources.node.noPods')}
          hidden={['node']}
        />
        {hasNextPage && (
          <Button loading={isFetching} onClick={() => void fetchNextPage()}>
            {t('resources.list.loadMore')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/** The node's events, read again when the index tells of an event in the cluster. */
export function NodeEventsCard({ address }: { address: NodeAddress }) {
  const { t } = useTranslation();
  const { data, isFetching, refetch } = useListNodeEventsQuery(address);
  useLiveRefetch({ kinds: ['events'], cluster: address.cluster }, refetch);
  return (
    <Card size="small" title={t('resources.node.events')} data-testid="node-events">
      <EventsTable
        events={data?.items ?? []}
        loading={isFetching}
        emptyText={t('resources.node.noEvents')}
      />
    </Card>
  );
}

/** Events newest first, warnings marked. */
export function EventsTable({
  events,
  loading,
  emptyText,
}: {
  events: readonly NodeEvent[];
  loading: boolean;
  emptyText: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table<NodeEvent>
      size="small"
      rowKey={(event) => `${event.reason}/${event.lastTimestamp ?? ''}/${event.message}`}
      dataSource={events}
      loading={loading}
      pagination={{ hideOnSinglePage: true, pageSize: 20 }}
      locale={{ emptyText }}
      columns={[
        {
          key: 'type',
          title: t('resources.node.eventType'),
          render: (_value, event) => (
            <Tag color={event.type === 'Warning' ? 'warning' : 'default'}>{event.type}</Tag>
          ),
        },
        { key: 'reason', title: t('resources.node.reason'), dataIndex: 'reason' },
        { key: 'message', title: t('resources.node.message'), dataIndex: 'message' },
        { key: 'count', title: t('resources.node.count'), dataIndex: 'count' },
        {
          key: 'last',
          title: t('resources.node.lastSeen'),
          render: (_value, event) => formatTime(event.lastTimestamp, i18n.language),
        },
      ]}
    />
  );
}
