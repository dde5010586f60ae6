import type { ProviderView } from '@nimbus/api';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClusterStatusTag } from '../../clusters/ClusterStatusTag';
import { useProviderName, VendorLogo } from '../../clusters/VendorLogo';

/** A cluster is usable only when it is ready and none of the user's roles denies it. */
const isClusterEnabled = (cluster: ProviderView): boolean =>
  cluster.ready && cluster.status !== 'Deny';

/** The cluster card: name, logo, state, region, vendor kind, roles and access. */
export function ClusterCard({ cluster }: { cluster: ProviderView }) {
  const { t } = useTranslation();
  const providerName = useProviderName();
  const enabled = isClusterEnabled(cluster);
  const roles = cluster.roles.map((role) => role.roleName).join('/');
  return (
    <Card data-testid="home-cluster-card" size="small">
      <Flex align="center" gap="small" style={{ marginBottom: 12 }}>
        <VendorLogo kind={cluster.kind} />
        <Typography.Text strong ellipsis style={{ flex: 1 }}>
          {cluster.name}
        </Typography.Text>
        <ClusterStatusTag ready={cluster.ready} />
      </Flex>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('home.clusters.region')}>{cluster.regionID}</Descriptions.Item>
        <Descriptions.Item label={t('home.clusters.kind')}>
          {providerName(cluster.kind)}
        </Descriptions.Item>
        <Descriptions.Item label={t('home.clusters.roles')}>
          {roles || t('home.clusters.noRoles')}
        </Descriptions.Item>
        <Descriptions.Item label={t('home.clusters.access')}>
          <Tag color={enabled ? 'success' : 'default'}>
            {t(enabled ? 'home.clusters.enable' : 'home.clusters.disable')}
          </Tag>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
