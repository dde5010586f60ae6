import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/admin/formatTime';
import { DetailLink } from '../../resources/DetailLink';
import type { ColumnDescriptor, KindDescriptor } from '../../resources/descriptors/types';
import type { ListedObject } from '../../resources/kubeObject';
import type { ListOrder, ListSort } from '../../resources/listView';
import { useKindCell } from './useKindCell';

/** The column every list keeps: the chooser offers the others. */
export const NAME_COLUMN = 'name';

export interface ListSorting {
  sort: ListSort;
  order: ListOrder;
}

/**
 * Every column of a kind's list, keyed: name, namespace, cluster, the kind's own, created. Name
 * and created sort on the server (the index's orders), shown as the list is sorted now.
 */
export function useListColumns(
  descriptor: KindDescriptor,
  sorting: ListSorting,
): TableColumnType<ListedObject>[] {
  const { t, i18n } = useTranslation();
  const kindCell = useKindCell();
  const cell = (column: ColumnDescriptor, row: ListedObject): ReactNode =>
    column.display.type === 'custom'
      ? column.display.render(row)
      : kindCell(column.display, column.value(row));
  const sortable = (sort: ListSort): Partial<TableColumnType<ListedObject>> => ({
    sorter: true,
    sortDirections: ['ascend', 'descend'],
    sortOrder: sorting.sort === sort ? (sorting.order === 'asc' ? 'ascend' : 'descend') : null,
  });
  return [
    {
      key: NAME_COLUMN,
      title: t('resources.columns.name'),
      ...sortable('name'),
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
      ...sortable('created'),
      render: (_value, row) => formatTime(row.metadata?.creationTimestamp, i18n.language),
    },
  ];
}
