import type { ResourceFilters } from '../../apiClient/requestArgs';
import { Button, Empty, Flex, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useListResourcesInfiniteQuery } from '../../api/resourceApi';
import { formatTime } from '../../components/admin/formatTime';
import { DetailLink } from '../../resources/DetailLink';
import type { ColumnDescriptor, KindDescriptor } from '../../resources/descriptors/types';
import type { ListedObject } from '../../resources/kubeObject';
import { rowKey } from '../../resources/listedRowKey';
import { useKindCell } from './useKindCell';
import { BatchDeleteDialog } from './BatchDeleteDialog';
import { useBatchDelete } from './useBatchDelete';

/** An index list of one kind with keyset paging ("Load more"). */
export function ResourceTable({
  descriptor,
  filters,
}: {
  descriptor: KindDescriptor;
  filters: ResourceFilters;
}) {
  const { t, i18n } = useTranslation();
  // A failed request keeps the rows shown: list screens ignore non-zero answers.
  const { data, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useListResourcesInfiniteQuery(filters);
  const batch = useBatchDelete(descriptor, data?.pages.flatMap((page) => page.items) ?? []);
  const { rows } = batch;

  const kindCell = useKindCell();
  const cell = (column: ColumnDescriptor, row: ListedObject): ReactNode =>
    column.display.type === 'custom'
      ? column.display.render(row)
      : kindCell(column.display, column.value(row));

  const columns: TableColumnsType<ListedObject> = [
    {
      key: 'name',
      title: t('resources.columns.name'),
      render: (_value, row) => (
        <DetailLink
          type={descriptor.kind}
          name={row.metadata?.name ?? ''}
          vendor={row.vendor}
          region={row.region}
          cluster={row.cluster}
          {...(row.metadata?.namespace ? { namespace: row.metadata.namespace } : {})}
        />
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
      title: t(column.titleKey),
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
      {batch.selected.length > 0 && (
        <Flex gap="small" data-testid="resource-selection">
          <Button danger data-testid="resource-delete-selected" onClick={batch.confirm}>
            {t('resources.delete.selected', { count: batch.selected.length })}
          </Button>
          <Button onClick={batch.clear}>{t('resources.delete.clearSelection')}</Button>
        </Flex>
      )}
      <Table<ListedObject>
        data-testid="resource-table"
        rowKey={rowKey}
        {...(batch.rowSelection ? { rowSelection: batch.rowSelection } : {})}
        columns={columns}
        dataSource={rows}
        loading={isFetching && !isFetchingNextPage}
        pagination={false}
        locale={{
          emptyText: (
            <Empty description={t('resources.list.empty', { kind: t(descriptor.labelKey) })} />
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
      {batch.confirming && (
        <BatchDeleteDialog
          items={batch.confirming}
          namespaced={descriptor.namespaced}
          onClose={batch.finished}
        />
      )}
    </Flex>
  );
}
