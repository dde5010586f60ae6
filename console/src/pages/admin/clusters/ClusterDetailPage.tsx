import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useGetClusterDetailQuery } from '../../../api/nodeApi';
import { useFindCrdClusterQuery } from '../../../api/resourceApi';
import { useUserInfo } from '../../../appState/useAppData';
import { useLiveRefetch } from '../../../live/useLiveRefetch';
import { ADMIN_PATHS, editPath } from '../adminPaths';
import { ClusterBindings } from './detail/ClusterBindings';
import { ClusterConditions } from './detail/ClusterConditions';
import { ClusterEvents } from './detail/ClusterEvents';
import { ClusterMonitoring } from './detail/ClusterMonitoring';
import { ClusterOverview } from './detail/ClusterOverview';

/**
 * `/admin/cluster/detail/:name`: one cluster at a glance (rows of the cluster list open it): who
 * owns it, its version and nodes, its conditions, monitoring, who is bound to it, its events.
 */
export default function ClusterDetailPage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  const { data: cluster, isLoading } = useFindCrdClusterQuery(name);
  const { data: user } = useUserInfo();
  // Read from the hub and the index, so also while the cluster is not ready (its conditions say
  // why); a binding that denies the caller the cluster hides both.
  const denied = cluster?.status === 'Deny';
  const { data: detail, refetch } = useGetClusterDetailQuery(
    { vendor: cluster?.kind ?? '', region: cluster?.regionID ?? '', cluster: name },
    { skip: !cluster || denied },
  );
  // Node counts and capacity come from the index: read again when a node changes.
  useLiveRefetch(detail ? { kinds: ['nodes'], cluster: name } : undefined, refetch);
  if (isLoading) return <Spin style={{ margin: 48 }} />;
  if (!cluster) {
    return (
      <Result
        status="404"
        title={t('admin.clusters.detail.notFound', { name })}
        extra={
          <Link to={ADMIN_PATHS.clusters}>
            <Button>{t('admin.clusters.detail.backToList')}</Button>
          </Link>
        }
      />
    );
  }
  // The bindings are the owning organization's to see: its administrators and system admins.
  const owner = cluster.organization;
  const administersOwner =
    user?.sysAdminFlag === true ||
    (user?.organizations ?? []).some(
      (org) => org.adminFlag && (org.name === owner || org.uuid === owner),
    );
  return (
    <Flex vertical gap="middle" style={{ padding: 24 }} data-testid="cluster-detail">
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {cluster.name}
        </Typography.Title>
        <Link to={editPath(ADMIN_PATHS.clusterAdd, cluster.name)}>
          <Button>{t('admin.common.edit')}</Button>
        </Link>
      </Flex>
      <ClusterOverview cluster={cluster} detail={detail} />
      <Card size="small" title={t('admin.clusters.detail.conditions')}>
        <ClusterConditions conditions={detail?.conditions ?? []} />
      </Card>
      <Card size="small" title={t('admin.clusters.detail.monitoring')}>
        <ClusterMonitoring cluster={cluster.name} />
      </Card>
      {administersOwner && owner && (
        <Card size="small" title={t('admin.clusters.detail.bindings')}>
          <ClusterBindings cluster={cluster.name} organizationId={owner} />
        </Card>
      )}
      <Card size="small" title={t('admin.clusters.detail.events')}>
        {denied ? (
          <Typography.Text type="secondary">{t('admin.clusters.detail.denied')}</Typography.Text>
        ) : (
          <ClusterEvents cluster={cluster.name} />
        )}
      </Card>
    </Flex>
  );
}
