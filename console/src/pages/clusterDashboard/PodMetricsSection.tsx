import { Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRangeMetricsQuery, type MetricsRange } from '../../api/metricsApi';
import type { SectionProps } from '../../resources/descriptors/types';
import { ChartGrid } from './ChartGrid';
import { podCharts } from './charts';
import { TimeRangeControl } from './TimeRangeControl';

/** Pod detail: the pod's CPU and memory trends, a line per container. */
export function PodMetricsSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { address } = context;
  const [range, setRange] = useState<MetricsRange>({ range: '1h' });
  const namespace = address.namespace ?? '';
  const metrics = useRangeMetricsQuery(
    {
      location: { vendor: address.vendor, region: address.region, cluster: address.cluster },
      range,
      metric: 'getPodMetrics',
      namespace,
      name: address.name,
    },
    { skip: namespace === '' },
  );
  return (
    <Card
      size="small"
      title={t('monitoring.podMetrics')}
      data-testid="pod-metrics"
      extra={<TimeRangeControl value={range} onChange={setRange} />}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <ChartGrid data={metrics.data} charts={podCharts} legendLabel="container" />
      </Space>
    </Card>
  );
}
