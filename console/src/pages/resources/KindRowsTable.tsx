import type { ClusterLocation, KindRowView } from '@nimbus/api';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/admin/formatTime';
import { DetailLink } from '../../resources/DetailLink';
import { columnsOf } from '../../resources/descriptors/columns';
import { kindIdentity } from '../../resources/descriptors/identity';
import type { ListedKind } from '../../resources/resourceKinds';
import { useKindCell } from './useKindCell';

/**
 * Objects of one kind in one cluster as a detail page's sub-table (a node's pods, a workload's
 * Services): the kind's list columns, filled by the server from the live objects. `hidden`
 * drops columns the page already says (the node of a node's pods).
 */
export function KindRowsTable({
  kind,
  location,
  rows,
  loading,
  emptyText,
  hidden = [],
}: {
  kind: ListedKind;
  location: ClusterLocation;
  rows: readonly KindRowView[];
  loading: boolean;
  emptyText: string;
  hidden?: readonly string[];
}) {
  const { t, i18n } = useTranslation();
  const kindCell = useKindCell();
  const shown = (key: string) => !hidden.includes(key);
  const kindColumns: TableColumnsType<KindRowView> = columnsOf(kind)
    .filter((column) => shown(column.key))
    .map((column) => ({
      key: column.key,
      title: t(column.titleKey),
      render: (_value, row) => kindCell(column.display, row.cells[column.key]),
    }));
  const columns: TableColumnsType<KindRowView> = [
    {
      key: 'name',
      title: t('resources.columns.name'),
      render: (_value, row) => (
        <DetailLink
          vendor={location.vendor}
          region={location.region}
          cluster={location.cluster}
          type={kind}
          name={row.name}
          {...(row.namespace ? { namespace: row.namespace } : {})}
        />
      ),
    },
    ...(kindIdentity(kind).namespaced && shown('namespace')
      ? [{ key: 'namespace', title: t('resources.columns.namespace'), dataIndex: 'namespace' }]
      : []),
    ...kindColumns,
    {
      key: 'created',
      title: t('resources.columns.created'),
      render: (_value, row) => formatTime(row.createdAt, i18n.language),
    },
  ];
  return (
    <Table<KindRowView>
      size="small"
      rowKey={(row) => `${row.namespace ?? ''}/${row.name}`}
      dataSource={rows}
      loading={loading}
      pagination={false}
      locale={{ emptyText }}
      scroll={{ x: 'max-content' }}
      columns={columns}
    />
  );
}
