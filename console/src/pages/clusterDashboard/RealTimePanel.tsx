import type { ClusterLocation, MetricInstant } from '@nimbus/api';
import { Alert, Card, Col, Progress, Row, Spin, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotAllowed, refusalOf } from '../../access/NotAllowed';
import { useInstantMetricsQuery } from '../../api/metricsApi';
import { formatValue } from './formatValue';

const gauges = ['cpu', 'memory', 'disk', 'pod'] as const;
const refreshMs = 15_000;

const valueOf = (data: MetricInstant | undefined, key: string) =>
  data?.samples.find((sample) => sample.metric === key)?.value ?? null;

/** Real time: utilization now and its 3-minute average, and the cluster's totals. */
export function RealTimePanel({ location }: { location: ClusterLocation }) {
  const { t } = useTranslation();
  const utilization = useInstantMetricsQuery(
    { location, metric: 'getUtilizationMetrics' },
    { pollingInterval: refreshMs },
  );
  const summary = useInstantMetricsQuery(
    { location, metric: 'getClusterMetrics' },
    { pollingInterval: refreshMs },
  );
  if (utilization.isLoading || summary.isLoading) return <Spin />;
  if (refusalOf(summary.error)) return <NotAllowed error={summary.error} />;
  if (utilization.isError && summary.isError) {
    return <Alert type="warning" showIcon title={t('monitoring.unavailable')} />;
  }
  const total = (used: string, of: string, unit: 'cores' | 'bytes' | 'count') =>
    `${formatValue(valueOf(summary.data, used), unit)} / ${formatValue(valueOf(summary.data, of), unit)}`;
  return (
    <Row gutter={[12, 12]} data-testid="metrics-realtime">
      {gauges.map((gauge) => {
        const now = valueOf(utilization.data, `${gauge}_utilization`);
        const average = valueOf(utilization.data, `${gauge}_utilization_3m`);
        return (
          <Col key={gauge} xs={12} lg={6}>
            <Card size="small" title={t(`monitoring.gauges.${gauge}`)}>
              <Progress
                type="dashboard"
                aria-label={t(`monitoring.gauges.${gauge}`)}
                percent={Number((now ?? 0).toFixed(1))}
                status={(now ?? 0) > 85 ? 'exception' : 'normal'}
              />
              <div>{t('monitoring.average3m', { value: formatValue(average, 'percent') })}</div>
            </Card>
          </Col>
        );
      })}
      <Col xs={12} lg={6}>
        <Statistic
          title={t('monitoring.summary.nodesReady')}
          value={total('nodes_ready', 'nodes_total', 'count')}
        />
      </Col>
      <Col xs={12} lg={6}>
        <Statistic
          title={t('monitoring.summary.pods')}
          value={total('pods_running', 'pods_capacity', 'count')}
        />
      </Col>
      <Col xs={12} lg={6}>
        <Statistic
          title={t('monitoring.summary.cpu')}
          value={total('cpu_used_cores', 'cpu_allocatable_cores', 'cores')}
        />
      </Col>
      <Col xs={12} lg={6}>
        <Statistic
          title={t('monitoring.summary.memory')}
          value={total('memory_used_bytes', 'memory_allocatable_bytes', 'bytes')}
        />
      </Col>
    </Row>
  );
}
