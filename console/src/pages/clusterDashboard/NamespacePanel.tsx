import type { ClusterLocation } from '@nimbus/api';
import { Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useInstantMetricsQuery,
  useRangeMetricsQuery,
  type MetricsRange,
} from '../../api/metricsApi';
import { ChartGrid } from './ChartGrid';
import { namespaceCharts } from './charts';
import { formatValue } from './formatValue';

interface NamespaceRow {
  namespace: string;
  cpu: number | null;
  memory: number | null;
  pods: number | null;
}

/** Namespace monitor: every namespace now; the chosen one's trends. */
export function NamespacePanel({
  location,
  range,
}: {
  location: ClusterLocation;
  range: MetricsRange;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  const all = useInstantMetricsQuery({ location, metric: 'listNamespaceMetrics' });
  const rows = new Map<string, NamespaceRow>();
  for (const sample of all.data?.samples ?? []) {
    const namespace = sample.labels.namespace ?? '';
    const row = rows.get(namespace) ?? { namespace, cpu: null, memory: null, pods: null };
    if (sample.metric === 'namespace_cpu_usage') row.cpu = sample.value;
    if (sample.metric === 'namespace_memory_usage') row.memory = sample.value;
    if (sample.metric === 'namespace_pods') row.pods = sample.value;
    rows.set(namespace, row);
  }
  const trend = useRangeMetricsQuery(
    { location, range, metric: 'getNamespaceMetrics', namespace: chosen ?? '' },
    { skip: chosen === undefined },
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="metrics-namespaces">
      <Table<NamespaceRow>
        size="small"
        rowKey="namespace"
        loading={all.isFetching}
        pagination={false}
        dataSource={[...rows.values()].sort((a, b) => a.namespace.localeCompare(b.namespace))}
        onRow={(row) => ({ onClick: () => setChosen(row.namespace), style: { cursor: 'pointer' } })}
        rowClassName={(row) => (row.namespace === chosen ? 'ant-table-row-selected' : '')}
        columns={[
          { key: 'namespace', dataIndex: 'namespace', title: t('monitoring.namespace') },
          {
            key: 'cpu',
            title: t('monitoring.charts.namespaceCpu'),
            render: (_v, row) => formatValue(row.cpu, 'cores'),
          },
          {
            key: 'memory',
            title: t('monitoring.charts.namespaceMemory'),
            render: (_v, row) => formatValue(row.memory, 'bytes'),
          },
          {
            key: 'pods',
            title: t('monitoring.charts.namespacePods'),
            render: (_v, row) => formatValue(row.pods, 'count'),
          },
        ]}
      />
      {chosen !== undefined && <ChartGrid data={trend.data} charts={namespaceCharts} />}
    </Space>
  );
}
