import type { ClusterLocation } from '@nimbus/api';
import { Alert, Divider, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotAllowed, refusalOf } from '../../access/NotAllowed';
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
  const cluster = useRangeMetricsQuery({ location, range, metric: 'getInfraMetrics' });
  const nodes = useRangeMetricsQuery({ location, range, metric: 'getNodeInfraMetrics' });
  if (cluster.isLoading) return <Spin />;
  if (refusalOf(cluster.error)) return <NotAllowed error={cluster.error} />;
  if (cluster.isError) return <Alert type="warning" showIcon title={t('monitoring.unavailable')} />;
  return (
    <div data-testid="metrics-trend">
      <ChartGrid data={cluster.data} charts={clusterCharts} />
      <Divider titlePlacement="start">{t('monitoring.nodes')}</Divider>
      <ChartGrid data={nodes.data} charts={nodeCharts} legendLabel="node" />
    </div>
  );
}
