import type { ClusterLocation, MetricSample } from '@nimbus/api';
import { Card, Col, Row, Spin, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInstantMetricsQuery } from '../../api/metricsApi';
import { formatValue } from './formatValue';
import { MetricsFailure } from './MetricsFailure';

/** The API server's load now, one figure each. */
const apiServerStats = [
  {
    key: 'apiserver_request_rate',
    unit: 'requestsPerSecond',
    label: 'monitoring.components.requestRate',
  },
  { key: 'apiserver_error_ratio', unit: 'ratio', label: 'monitoring.components.errorRatio' },
  { key: 'apiserver_latency_p99', unit: 'seconds', label: 'monitoring.components.latency' },
] as const;

interface TargetRow {
  key: string;
  job: string;
  instance: string;
  up: boolean;
}

/** Scrape targets (the `up` series), down ones first, then by job and instance. */
export function targetRows(samples: readonly MetricSample[]): TargetRow[] {
  return samples
    .filter((sample) => sample.metric === 'component_up')
    .map((sample) => ({
      key: `${sample.labels.job ?? ''}/${sample.labels.instance ?? ''}`,
      job: sample.labels.job ?? '',
      instance: sample.labels.instance ?? '',
      up: sample.value === 1,
    }))
    .sort(
      (a, b) =>
        Number(a.up) - Number(b.up) ||
        a.job.localeCompare(b.job) ||
        a.instance.localeCompare(b.instance),
    );
}

/** Components: the API server's load now, and whether each component Prometheus scrapes is up. */
export function ComponentsPanel({ location }: { location: ClusterLocation }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useInstantMetricsQuery({
    location,
    metric: 'getComponentMetrics',
  });
  if (isLoading) return <Spin />;
  if (error) return <MetricsFailure error={error} />;
  const samples = data?.samples ?? [];
  const valueOf = (key: string) => samples.find((sample) => sample.metric === key)?.value ?? null;
  return (
    <Row gutter={[12, 12]} data-testid="metrics-components">
      {apiServerStats.map(({ key, unit, label }) => (
        <Col key={key} xs={24} md={8}>
          <Card size="small">
            <Statistic title={t(label)} value={formatValue(valueOf(key), unit)} />
          </Card>
        </Col>
      ))}
      <Col span={24}>
        <Table<TargetRow>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={targetRows(samples)}
          locale={{ emptyText: t('monitoring.components.empty') }}
          columns={[
            { key: 'job', dataIndex: 'job', title: t('monitoring.components.job') },
            { key: 'instance', dataIndex: 'instance', title: t('monitoring.components.instance') },
            {
              key: 'state',
              title: t('monitoring.components.state'),
              render: (_v, row) =>
                row.up ? (
                  <Tag color="success">{t('monitoring.components.up')}</Tag>
                ) : (
                  <Tag color="error">{t('monitoring.components.down')}</Tag>
                ),
            },
          ]}
        />
      </Col>
    </Row>
  );
}
