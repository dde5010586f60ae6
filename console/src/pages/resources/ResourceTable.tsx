import type { ResourceFilters } from '../../apiClient/requestArgs';
import { Button, Empty, Flex, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListResourcesInfiniteQuery } from '../../api/resourceApi';
import { formatTime } from '../../components/admin/formatTime';
import { detailPath } from '../../resources/detailPath';
import type { KindColumn, KindDescriptor } from '../../resources/kindDescriptors';
import type { ListedObject } from '../../resources/kubeObject';

const rowKey = (row: ListedObject) =>
  `${row.cluster}/${row.metadata?.namespace ?? ''}/${row.metadata?.name ?? ''}/${row.metadata?.uid ?? ''}`;

/** An index list of one kind with keyset paging ("Load more"). */
export function ResourceTable({
  descriptor,
  filters,
}: {
  descriptor: KindDescriptor;
  filters: ResourceFilters;
}) {
  const { t, i18n } = useTranslation();
  // A failed request keeps the rows shown: list screens ignore non-zero answers (SPEC §7).
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useListResourcesInfiniteQuery(filters);
  const rows = data?.pages.flatMap((page) => page.items) ?? [];

  const stateText = (column: KindColumn, on: boolean) => {
    if (column.key === 'ready') return t(on ? 'resources.node.ready' : 'resources.node.notReady');
    if (column.key === 'schedulable') {
      return t(on ? 'resources.node.schedulable' : 'resources.node.unschedulable');
    }
    return t(on ? 'resources.states.yes' : 'resources.states.no');
  };
  const cell = (column: KindColumn, row: ListedObject) => {
    const value = column.value(row);
    if (column.display === 'state') {
      // Node readiness and schedulability are good when on; a suspended CronJob is not.
      const good = column.key === 'suspend' ? !value : Boolean(value);
      return <Tag color={good ? 'success' : 'warning'}>{stateText(column, Boolean(value))}</Tag>;
    }
    if (column.display === 'time') return formatTime(value as string | undefined, i18n.language);
    return value;
  };

  const columns: TableColumnsType<ListedObject> = [
    {
      key: 'name',
      title: t('resources.columns.name'),
      render: (_value, row) => (
        <Link
          to={detailPath({
            type: descriptor.kind,
            name: row.metadata?.name ?? '',
            vendor: row.vendor,
            region: row.region,
            cluster: row.cluster,
            ...(row.metadata?.namespace ? { namespace: row.metadata.namespace } : {}),
          })}
        >
          {row.metadata?.name}
        </Link>
      ),
    },
    ...(descriptor.namespaced
      ? [
          {
            key: 'namespace',
            title: t('resources.columns.namespace'),
            render: (_value: unknown, row: ListedObject) => row.metadata?.namespace,
          },
        ]
      : []),
    { key: 'cluster', title: t('resources.columns.cluster'), dataIndex: 'cluster' },
    ...descriptor.columns.map((column) => ({
      key: column.key,
      title: t(`resources.columns.${column.key}`),
      render: (_value: unknown, row: ListedObject) => cell(column, row),
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
        data-testid="resource-table"
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        loading={isFetching && !isFetchingNextPage}
        pagination={false}
        locale={{
          emptyText: (
            <Empty
              description={t('resources.list.empty', { kind: t(`kinds.${descriptor.kind}`) })}
            />
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
      {hasNextPage && (
        <Button
          data-testid="resource-list-load-more"
          loading={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
          style={{ alignSelf: 'center' }}
        >
          {t('resources.list.loadMore')}
        </Button>
      )}
    </Flex>
  );
}
