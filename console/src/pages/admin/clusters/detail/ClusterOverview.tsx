import type { ClusterDetail, CrdCluster } from '@nimbus/api';
import { formatBytes, formatCores } from '@nimbus/api/shared';
import { Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClusterStatusTag } from '../../../../clusters/ClusterStatusTag';
import { useProviderName, VendorLogo } from '../../../../clusters/VendorLogo';
import { formatTime } from '../../../../components/admin/formatTime';
import { DEFAULT_LIST_PAGE_SIZE, listViewParams } from '../../../../resources/listView';

/** The cluster's nodes in the Node list, filtered to it. */
export const clusterNodesPath = (cluster: string): string =>
  `/list/Node?${listViewParams({
    filters: { cluster },
    sort: 'name',
    order: 'asc',
    pageSize: DEFAULT_LIST_PAGE_SIZE,
  }).toString()}`;

/** Who owns the cluster, where it runs, its version, nodes and capacity. */
export function ClusterOverview({
  cluster,
  detail,
}: {
  cluster: CrdCluster;
  detail: ClusterDetail | undefined;
}) {
  const { t, i18n } = useTranslation();
  const providerName = useProviderName();
  const unknown = t('admin.clusters.detail.unknown');
  const totals = (which: 'capacity' | 'allocatable') =>
    detail && detail.nodeCount > 0
      ? t('admin.clusters.detail.totals', {
          cpu: formatCores(detail[which].cpu),
          memory: formatBytes(detail[which].memory),
          pods: detail[which].pods,
        })
      : unknown;
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2 }}
      data-testid="cluster-overview"
      items={[
        {
          key: 'organization',
          label: t('admin.clusters.detail.organization'),
          children: cluster.organization || unknown,
        },
        {
          key: 'status',
          label: t('admin.clusters.status'),
          children: <ClusterStatusTag ready={cluster.ready} />,
        },
        {
          key: 'vendor',
          label: t('admin.clusters.kind'),
          children: (
            <Space>
              <VendorLogo kind={cluster.kind} size={20} />
              {providerName(cluster.kind)}
            </Space>
          ),
        },
        { key: 'region', label: t('admin.clusters.region'), children: cluster.regionID },
        {
          key: 'version',
          label: t('admin.clusters.detail.version'),
          children: detail?.kubernetesVersion || unknown,
        },
        {
          key: 'nodes',
          label: t('admin.clusters.detail.nodes'),
          children: detail ? (
            <Link to={clusterNodesPath(cluster.name)} data-testid="cluster-nodes-link">
              {t('admin.clusters.detail.nodeCount', {
                ready: detail.readyNodeCount,
                total: detail.nodeCount,
              })}
            </Link>
          ) : (
            unknown
          ),
        },
        {
          key: 'capacity',
          label: t('admin.clusters.detail.capacity'),
          children: totals('capacity'),
        },
        {
          key: 'allocatable',
          label: t('admin.clusters.detail.allocatable'),
          children: totals('allocatable'),
        },
        {
          key: 'probed',
          label: t('admin.clusters.detail.lastProbe'),
          children: detail?.lastProbeTime
            ? formatTime(detail.lastProbeTime, i18n.language)
            : unknown,
        },
      ]}
    />
  );
}
