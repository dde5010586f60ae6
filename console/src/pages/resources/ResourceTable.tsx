import { Button, Empty, Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KindDescriptor } from '../../resources/descriptors/types';
import type { ListedObject } from '../../resources/kubeObject';
import { rowKey } from '../../resources/listedRowKey';
import type { ListSort } from '../../resources/listView';
import { BatchDeleteDialog } from './BatchDeleteDialog';
import { useBatchDelete } from './useBatchDelete';
import type { ListSorting } from './useListColumns';

const isListSort = (key: unknown): key is ListSort => key === 'name' || key === 'created';

/** One page of an index list of one kind: its columns, server-side sorting, batch delete. */
export function ResourceTable({
  descriptor,
  columns,
  items,
  loading,
  onSort,
}: {
  descriptor: KindDescriptor;
  columns: TableColumnsType<ListedObject>;
  items: readonly ListedObject[];
  loading: boolean;
  onSort: (sorting: ListSorting) => void;
}) {
  const { t } = useTranslation();
  const batch = useBatchDelete(descriptor, items);

  const sortChanged: TableProps<ListedObject>['onChange'] = (_pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    if (one && isListSort(one.columnKey) && one.order) {
      onSort({ sort: one.columnKey, order: one.order === 'ascend' ? 'asc' : 'desc' });
    }
  };

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
        dataSource={batch.rows}
        loading={loading}
        pagination={false}
        onChange={sortChanged}
        locale={{
          emptyText: (
            <Empty description={t('resources.list.empty', { kind: t(descriptor.labelKey) })} />
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
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
