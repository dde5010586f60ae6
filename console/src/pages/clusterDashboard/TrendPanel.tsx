import type { ClusterLocation } from '@nimbus/api';
import { Alert, Divider, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRangeMetricsQuery, type MetricsRange } from '../../api/metricsApi';
import { ChartGrid } from './ChartGrid';
import { clusterCharts, nodeCharts } from './charts';

/** Historical trend: the cluster's charts, then one line per node. */
export function TrendPanel({
  location,
  range,
}: {
  location: ClusterLocation;
  range: MetricsRange;
}) {
  const { t } = useTranslation();
  const cluster = useRangeMetricsQuery({ location, range, what: 'infra' });
  const nodes = useRangeMetricsQuery({ location, range, what: 'node/infra' });
  if (cluster.isLoading) return <Spin />;
  if (cluster.isError) return <Alert type="warning" showIcon title={t('monitoring.unavailable')} />;
  return (
    <div data-testid="metrics-trend">
      <ChartGrid data={cluster.data} charts={clusterCharts} />
      <Divider titlePlacement="start">{t('monitoring.nodes')}</Divider>
      <ChartGrid data={nodes.data} charts={nodeCharts} legendLabel="node" />
    </div>
  );
}
