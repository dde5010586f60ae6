import type { ProviderView } from '@nimbus/api';
import { Button, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useDeleteClusterMutation,
  useLazyListProvidersQuery,
  useListProvidersQuery,
} from '../../../api/clusterApi';
import { ClusterStatusTag } from '../../../clusters/ClusterStatusTag';
import { useProviderName, VendorLogo } from '../../../clusters/VendorLogo';
import { AdminListPage } from '../../../components/admin/AdminListPage';
import { currentOrganizationId } from '../../../components/admin/session';
import { useLiveHubList } from '../../../components/admin/useLiveHubList';
import { useListParams } from '../../../components/admin/useListParams';
import { ADMIN_PATHS, clusterDetailPath, editPath } from '../adminPaths';

/** The organization's member clusters: edit through the wizard, delete by typing the name. */
export default function ClustersPage() {
  const { t } = useTranslation();
  const providerName = useProviderName();
  const organizationId = currentOrganizationId();
  const paging = useListParams();
  const { data, isFetching, refetch } = useListProvidersQuery(
    { organizationId, ...paging.params },
    { skip: !organizationId },
  );
  const [readClusters] = useLazyListProvidersQuery();
  const [deleteCluster] = useDeleteClusterMutation();
  const showEmptyState = !isFetching && data?.total === 0 && !paging.params.search;
  // The list follows its changes itself; the empty state shows the first cluster once it is added.
  useLiveHubList(showEmptyState ? 'hub.clusters' : undefined, refetch);

  if (showEmptyState) {
    return (
      <Empty style={{ padding: 48 }} description={t('admin.clusters.empty')}>
        <Link to={ADMIN_PATHS.clusterAdd}>
          <Button type="primary">{t('admin.clusters.create')}</Button>
        </Link>
      </Empty>
    );
  }

  return (
    <AdminListPage<ProviderView>
      title={t('admin.clusters.title')}
      testId="cluster-list-table"
      rowKey={(cluster) => cluster.name}
      items={data?.items}
      total={data?.total}
      loading={isFetching}
      refresh={refetch}
      live="hub.clusters"
      emptyText={t('admin.clusters.noMatch')}
      paging={paging}
      readPage={(page, pageSize) =>
        readClusters({ organizationId, ...paging.params, page, pageSize }).unwrap()
      }
      searchPlaceholder={t('admin.clusters.searchPlaceholder')}
      create={{ path: ADMIN_PATHS.clusterAdd, label: t('admin.clusters.create') }}
      edit={(cluster) => ({
        path: editPath(ADMIN_PATHS.clusterAdd, cluster.name),
        label: t('admin.common.edit'),
      })}
      deletion={{
        title: (cluster) => t('admin.clusters.deleteTitle', { name: cluster.name }),
        nameOf: (cluster) => cluster.name,
        remove: (cluster) =>
          deleteCluster({ organizationId, kind: cluster.kind, cluster: cluster.name }).unwrap(),
      }}
      columns={[
        {
          key: 'name',
          title: t('admin.common.name'),
          sort: 'name',
          text: (cluster) => cluster.name,
          render: (_value, cluster) => (
            <Link to={clusterDetailPath(cluster.name)} data-testid="cluster-detail-link">
              {cluster.name}
            </Link>
          ),
        },
        {
          key: 'kind',
          title: t('admin.clusters.kind'),
          text: (cluster) => providerName(cluster.kind),
          render: (_value, cluster) => (
            <Space>
              <VendorLogo kind={cluster.kind} size={20} />
              {providerName(cluster.kind)}
            </Space>
          ),
        },
        { key: 'region', title: t('admin.clusters.region'), dataIndex: 'regionID' },
        {
          key: 'status',
          title: t('admin.clusters.status'),
          text: (cluster) => t(cluster.ready ? 'clusters.ready' : 'clusters.notReady'),
          render: (_value, cluster) => <ClusterStatusTag ready={cluster.ready} />,
        },
      ]}
    />
  );
}
