import { Card, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePodMetricsQuery, type MetricsRange } from '../../api/metricsApi';
import type { SectionProps } from '../../resources/descriptors/types';
import { ChartGrid } from './ChartGrid';
import { podCharts } from './charts';
import { MetricsFailure } from './MetricsFailure';
import { TimeRangeControl } from './TimeRangeControl';

/**
 * Pod detail: the pod's CPU and memory trends, a line per container. When they cannot be read
 * (no Prometheus on the cluster, a refusal) the section says why in its place.
 */
export function PodMetricsSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { address } = context;
  const [range, setRange] = useState<MetricsRange>({ range: '1h' });
  const namespace = address.namespace ?? '';
  const metrics = usePodMetricsQuery(
    {
      location: { vendor: address.vendor, region: address.region, cluster: address.cluster },
      range,
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
        {metrics.isLoading ? (
          <Spin data-testid="pod-metrics-loading" />
        ) : metrics.error ? (
          <MetricsFailure error={metrics.error} />
        ) : (
          <ChartGrid data={metrics.data} charts={podCharts} legendLabel="container" />
        )}
      </Space>
    </Card>
  );
}
