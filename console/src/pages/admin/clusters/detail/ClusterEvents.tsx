import { Button, Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListResourcesPageQuery } from '../../../../api/resourceApi';
import { formatTime } from '../../../../components/admin/formatTime';
import { useLiveRefetch } from '../../../../live/useLiveRefetch';
import { columnsOf } from '../../../../resources/descriptors/columns';
import type { ListedObject } from '../../../../resources/kubeObject';
import { rowKey } from '../../../../resources/listedRowKey';
import { listViewParams } from '../../../../resources/listView';
import { useKindCell } from '../../../resources/useKindCell';

/** The newest events the detail page shows; the Event list has the rest. */
export const CLUSTER_EVENTS_SHOWN = 10;

/** The Event list of this cluster, newest first. */
export const clusterEventsPath = (cluster: string): string =>
  `/list/Event?${listViewParams({
    filters: { cluster },
    sort: 'created',
    order: 'desc',
    pageSize: 20,
  }).toString()}`;

/** The cluster's newest events, from the index (what its watch has seen), in the Event columns. */
export function ClusterEvents({ cluster }: { cluster: string }) {
  const { t, i18n } = useTranslation();
  const kindCell = useKindCell();
  const { data, currentData, isFetching, refetch } = useListResourcesPageQuery({
    plural: 'events',
    cluster,
    pageSize: CLUSTER_EVENTS_SHOWN,
    sort: 'created',
    order: 'desc',
  });
  useLiveRefetch({ kinds: ['events'], cluster }, refetch);
  const columns: TableColumnsType<ListedObject> = [
    ...columnsOf('Event').map((column) => ({
      key: column.key,
      title: t(column.titleKey),
      render: (_value: unknown, row: ListedObject) => kindCell(column.display, column.value(row)),
    })),
    {
      key: 'created',
      title: t('resources.columns.created'),
      render: (_value, row) => formatTime(row.metadata?.creationTimestamp, i18n.language),
    },
  ];
  return (
    <Flex vertical gap="small">
      <Table<ListedObject>
        data-testid="cluster-events"
        size="small"
        rowKey={rowKey}
        loading={isFetching && currentData === undefined}
        pagination={false}
        dataSource={data?.items ?? []}
        locale={{ emptyText: t('admin.clusters.detail.noEvents') }}
        columns={columns}
      />
      <Link to={clusterEventsPath(cluster)} data-testid="cluster-events-all">
        <Button size="small">{t('admin.clusters.detail.allEvents')}</Button>
      </Link>
    </Flex>
  );
}
