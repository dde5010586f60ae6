import type { MetricSearchResult } from '@nimbus/api';
import { Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchPodMetricsQuery } from '../../api/metricsApi';
import { useProviderName } from '../../clusters/VendorLogo';
import { DetailLink } from '../../resources/DetailLink';
import { formatValue } from './formatValue';
import { MetricsFailure } from './MetricsFailure';

interface PodRow {
  key: string;
  vendor: string;
  region: string;
  cluster: string;
  namespace: string;
  name: string;
  cpu: number | null;
  memory: number | null;
}

/** One row per pod found, CPU and memory side by side, the busiest first. */
export function podRows(result: MetricSearchResult | undefined): PodRow[] {
  const rows = new Map<string, PodRow>();
  for (const { providerTopology: where, resources } of result?.items ?? []) {
    for (const resource of resources) {
      for (const { labels, value } of resource.samples) {
        const key = [where.vendor, where.region, where.cluster, labels.namespace, labels.name].join(
          '/',
        );
        const row = rows.get(key) ?? {
          key,
          ...where,
          namespace: labels.namespace,
          name: labels.name,
          cpu: null,
          memory: null,
        };
        if (resource.type === 'cpu') row.cpu = value;
        if (resource.type === 'memory') row.memory = value;
        rows.set(key, row);
      }
    }
  }
  return [...rows.values()].sort(
    (a, b) => (b.cpu ?? -1) - (a.cpu ?? -1) || a.name.localeCompare(b.name),
  );
}

/** Pod search: pods whose name contains a keyword, in every cluster the user may monitor. */
export function PodSearchPanel() {
  const { t } = useTranslation();
  const providerName = useProviderName();
  const [keyword, setKeyword] = useState('');
  const { data, isFetching, error } = useSearchPodMetricsQuery(keyword, { skip: keyword === '' });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="metrics-pod-search">
      <Typography.Text type="secondary">{t('monitoring.podSearch.hint')}</Typography.Text>
      <Input.Search
        allowClear
        enterButton
        aria-label={t('monitoring.podSearch.keyword')}
        placeholder={t('monitoring.podSearch.keyword')}
        maxLength={253}
        style={{ maxWidth: 420 }}
        onSearch={(text) => setKeyword(text.trim())}
      />
      {error ? (
        <MetricsFailure error={error} />
      ) : (
        keyword !== '' && (
          <Table<PodRow>
            size="small"
            rowKey="key"
            loading={isFetching}
            pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
            dataSource={podRows(data)}
            locale={{ emptyText: t('monitoring.podSearch.empty', { keyword }) }}
            columns={[
              {
                key: 'cluster',
                title: t('monitoring.podSearch.cluster'),
                render: (_v, row) => (
                  <span title={`${providerName(row.vendor)} · ${row.region}`}>{row.cluster}</span>
                ),
              },
              { key: 'namespace', dataIndex: 'namespace', title: t('monitoring.namespace') },
              {
                key: 'name',
                title: t('monitoring.podSearch.pod'),
                render: (_v, row) => (
                  <DetailLink
                    type="Pod"
                    name={row.name}
                    namespace={row.namespace}
                    vendor={row.vendor}
                    region={row.region}
                    cluster={row.cluster}
                  />
                ),
              },
              {
                key: 'cpu',
                title: t('monitoring.podSearch.cpu'),
                render: (_v, row) => formatValue(row.cpu, 'cores'),
              },
              {
                key: 'memory',
                title: t('monitoring.podSearch.memory'),
                render: (_v, row) => formatValue(row.memory, 'bytes'),
              },
            ]}
          />
        )
      )}
    </Space>
  );
}
