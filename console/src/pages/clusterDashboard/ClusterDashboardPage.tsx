import type { ClusterLocation } from '@nimbus/api';
import { Card, Empty, Select, Space, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useListCrdClustersQuery } from '../../api/resourceApi';
import { useProviderName } from '../../clusters/VendorLogo';
import { useRangeParam } from '../../metrics/useRangeParam';
import { readSession } from '../../session/session';
import {
  chooseCluster,
  clusterKey,
  clusterOptionGroups,
  rememberCluster,
  rememberedCluster,
} from './clusterChoice';
import { CataloguePanel } from './CataloguePanel';
import { ComponentsPanel } from './ComponentsPanel';
import { NamespacePanel } from './NamespacePanel';
import { PodSearchPanel } from './PodSearchPanel';
import { ProbesPanel } from './ProbesPanel';
import { RealTimePanel } from './RealTimePanel';
import { TimeRangeControl } from './TimeRangeControl';
import { TrendPanel } from './TrendPanel';

/** The tabs, as the address names them (?tab=); anything else opens the first. */
const tabKeys = [
  'realtime',
  'trend',
  'namespaces',
  'components',
  'probes',
  'catalogue',
  'pods',
] as const;
type TabKey = (typeof tabKeys)[number];
const tabOf = (value: string | null): TabKey => tabKeys.find((key) => key === value) ?? 'realtime';

const withCluster = (params: URLSearchParams, key: string) => {
  const next = new URLSearchParams(params);
  next.set('cluster', key);
  return next;
};

/**
 * /cluster-dashboard: one cluster's real time, historical trend, namespaces, components, probes
 * and metric catalogue, and a pod search over every cluster. The cluster (vendor/region/name),
 * the range and the tab are in the URL; the cluster is also remembered.
 */
export default function ClusterDashboardPage() {
  const { t } = useTranslation();
  const providerName = useProviderName();
  const userId = readSession().userId ?? '';
  const clusters = useListCrdClustersQuery(undefined);
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useRangeParam();
  const items = clusters.data?.items ?? [];
  const cluster = chooseCluster(items, [params.get('cluster'), rememberedCluster(userId)]);
  const shown = cluster && clusterKey(cluster);
  const pick = (key: string) => {
    rememberCluster(userId, key);
    setParams((current) => withCluster(current, key));
  };
  useEffect(() => {
    // The address names the cluster shown also when it was not picked here (remembered, or the
    // first usable one), so a link to this view opens the same cluster for anyone.
    if (shown && params.get('cluster') !== shown)
      setParams((current) => withCluster(current, shown), { replace: true });
  }, [shown, params, setParams]);
  const location: ClusterLocation | undefined = cluster && {
    vendor: cluster.kind,
    region: cluster.regionID,
    cluster: cluster.name,
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={2}>{t('routes.clusterDashboard')}</Typography.Title>
      <Space wrap>
        <Select
          data-testid="metrics-cluster"
          aria-label={t('monitoring.chooseCluster')}
          style={{ minWidth: 280 }}
          popupMatchSelectWidth={false}
          showSearch={{ optionFilterProp: 'label' }}
          loading={clusters.isFetching}
          value={shown}
          onChange={pick}
          placeholder={t('monitoring.chooseCluster')}
          options={clusterOptionGroups(items, providerName)}
        />
        <TimeRangeControl value={range} onChange={setRange} />
      </Space>
      {location ? (
        <Tabs
          key={`${location.vendor}/${location.region}/${location.cluster}`}
          activeKey={tabOf(params.get('tab'))}
          onChange={(tab) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              next.set('tab', tab);
              return next;
            })
          }
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
            {
              key: 'components',
              label: t('monitoring.tabs.components'),
              children: <ComponentsPanel location={location} />,
            },
            {
              key: 'probes',
              label: t('monitoring.tabs.probes'),
              children: <ProbesPanel location={location} />,
            },
            {
              key: 'catalogue',
              label: t('monitoring.tabs.catalogue'),
              children: <CataloguePanel location={location} />,
            },
            {
              key: 'pods',
              label: t('monitoring.tabs.podSearch'),
              children: <PodSearchPanel />,
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
