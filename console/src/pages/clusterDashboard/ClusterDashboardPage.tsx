import type { ClusterLocation } from '@nimbus/api';
import { Card, Empty, Select, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MetricsRange } from '../../api/metricsApi';
import { useListCrdClustersQuery } from '../../api/resourceApi';
import { isClusterUsable } from '../resources/ClusterSelect';
import { NamespacePanel } from './NamespacePanel';
import { RealTimePanel } from './RealTimePanel';
import { TimeRangeControl } from './TimeRangeControl';
import { TrendPanel } from './TrendPanel';

/** /cluster-dashboard: one cluster's real time, historical trend and namespace monitor. */
export default function ClusterDashboardPage() {
  const { t } = useTranslation();
  const clusters = useListCrdClustersQuery(undefined);
  const [picked, setPicked] = useState<string>();
  const [range, setRange] = useState<MetricsRange>({ range: '1h' });
  const usable = (clusters.data?.items ?? []).filter(isClusterUsable);
  const cluster = usable.find((c) => c.name === picked) ?? usable[0];
  const location: ClusterLocation | undefined = cluster && {
    vendor: cluster.kind,
    region: cluster.regionID,
    cluster: cluster.name,
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('routes.clusterDashboard')}</Typography.Title>
      <Space wrap>
        <Select
          data-testid="metrics-cluster"
          style={{ width: 240 }}
          loading={clusters.isFetching}
          value={cluster?.name}
          onChange={setPicked}
          placeholder={t('monitoring.chooseCluster')}
          options={(clusters.data?.items ?? []).map((c) => ({
            value: c.name,
            label: c.name,
            disabled: !isClusterUsable(c),
          }))}
        />
        <TimeRangeControl value={range} onChange={setRange} />
      </Space>
      {location ? (
        <Tabs
          key={location.cluster}
          items={[
            {
              key: 'realtime',
              label: t('monitoring.tabs.realTime'),
              children: <RealTimePanel location={location} />,
            },
            {
              key: 'trend',
              label: t('monitoring.tabs.trend'),
              children: <TrendPanel location={location} range={range} />,
            },
            {
              key: 'namespaces',
              label: t('monitoring.tabs.namespaces'),
              children: <NamespacePanel location={location} range={range} />,
            },
          ]}
        />
      ) : (
        <Card>
          <Empty description={t('monitoring.noCluster')} />
        </Card>
      )}
    </Space>
  );
}
