import type { ClusterLocation, MetricSample } from '@nimbus/api';
import { Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProbeResultsQuery } from '../../api/metricsApi';
import { formatValue } from './formatValue';
import { MetricsFailure } from './MetricsFailure';
import { TextFilter } from './TextFilter';

interface ProbeRow {
  address: string;
  success: number | null;
  duration: number | null;
  status: number | null;
}

/** One row per probed address: its success, duration and HTTP status, failed ones first. */
export function probeRows(samples: readonly MetricSample[]): ProbeRow[] {
  const rows = new Map<string, ProbeRow>();
  for (const sample of samples) {
    const address = sample.labels.instance ?? '';
    const row = rows.get(address) ?? { address, success: null, duration: null, status: null };
    if (sample.metric === 'probe_success') row.success = sample.value;
    if (sample.metric === 'probe_duration') row.duration = sample.value;
    if (sample.metric === 'probe_http_status') row.status = sample.value;
    rows.set(address, row);
  }
  return [...rows.values()].sort(
    (a, b) =>
      Number(a.success === 1) - Number(b.success === 1) || a.address.localeCompare(b.address),
  );
}

/** Probes: the black-box exporter's latest result for each address it probes. */
export function ProbesPanel({ location }: { location: ClusterLocation }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { data, isFetching, error } = useProbeResultsQuery({ location });
  const wanted = text.trim();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="metrics-probes">
      <TextFilter label={t('monitoring.probes.filter')} value={text} onChange={setText} />
      {error ? (
        <MetricsFailure error={error} />
      ) : (
        <Table<ProbeRow>
          size="small"
          rowKey="address"
          loading={isFetching}
          pagination={false}
          dataSource={probeRows(data?.samples ?? []).filter((row) => row.address.includes(wanted))}
          locale={{ emptyText: t('monitoring.probes.empty') }}
          columns={[
            { key: 'address', dataIndex: 'address', title: t('monitoring.probes.address') },
            {
              key: 'result',
              title: t('monitoring.probes.result'),
              render: (_v, row) =>
                row.success === 1 ? (
                  <Tag color="success">{t('monitoring.probes.success')}</Tag>
                ) : (
                  <Tag color="error">{t('monitoring.probes.failed')}</Tag>
                ),
            },
            {
              key: 'duration',
              title: t('monitoring.probes.duration'),
              render: (_v, row) => formatValue(row.duration, 'seconds'),
            },
            {
              key: 'status',
              title: t('monitoring.probes.status'),
              render: (_v, row) => (row.status ? String(row.status) : '–'),
            },
          ]}
        />
      )}
    </Space>
  );
}
