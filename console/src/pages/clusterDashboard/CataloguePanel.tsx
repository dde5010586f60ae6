import type { ClusterLocation, DefaultMetric } from '@nimbus/api';
import { Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMetricCatalogueQuery } from '../../api/metricsApi';
import { MetricsFailure } from './MetricsFailure';
import { TextFilter } from './TextFilter';

const scopes: readonly DefaultMetric['scope'][] = [
  'cluster',
  'node',
  'namespace',
  'pod',
  'component',
  'probe',
];

/** The catalogue's entries whose key or PromQL contains `text` (any case). */
export function filterCatalogue(items: readonly DefaultMetric[], text: string): DefaultMetric[] {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return [...items];
  return items.filter(
    (item) => item.key.includes(wanted) || item.query.toLowerCase().includes(wanted),
  );
}

/**
 * Metric catalogue: what the monitoring screens chart and how (key, scope, unit, PromQL), so a
 * custom panel can start from the same query.
 */
export function CataloguePanel({ location }: { location: ClusterLocation }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { data, isLoading, error } = useMetricCatalogueQuery(location);
  if (isLoading) return <Spin />;
  if (error) return <MetricsFailure error={error} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="metrics-catalogue">
      <TextFilter label={t('monitoring.catalogue.filter')} value={text} onChange={setText} />
      <Table<DefaultMetric>
        size="small"
        rowKey="key"
        tableLayout="fixed"
        pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
        dataSource={filterCatalogue(data?.items ?? [], text)}
        columns={[
          { key: 'key', dataIndex: 'key', title: t('monitoring.catalogue.key'), width: '22%' },
          {
            key: 'scope',
            title: t('monitoring.catalogue.scope'),
            width: '12%',
            filters: scopes.map((scope) => ({
              value: scope,
              text: t(`monitoring.catalogue.scopes.${scope}`),
            })),
            onFilter: (value, row) => row.scope === value,
            render: (_v, row) => <Tag>{t(`monitoring.catalogue.scopes.${row.scope}`)}</Tag>,
          },
          {
            key: 'unit',
            title: t('monitoring.catalogue.unit'),
            width: '16%',
            render: (_v, row) => t(`dashboards.units.${row.unit}`),
          },
          {
            key: 'query',
            title: t('monitoring.catalogue.query'),
            render: (_v, row) => (
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {row.query}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Space>
  );
}
