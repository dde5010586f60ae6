import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProviderName } from '../../clusters/VendorLogo';
import { formatTime } from '../../components/admin/formatTime';
import type { KubeObject } from '../../resources/kubeObject';
import type { ClusterLocation } from '@nimbus/api';

/** Name, place and identity of an object. */
export function MetadataSection({
  object,
  location,
}: {
  object: KubeObject;
  location: ClusterLocation;
}) {
  const { t, i18n } = useTranslation();
  const providerName = useProviderName();
  const metadata = object.metadata ?? {};
  const owners = (metadata.ownerReferences ?? [])
    .map((owner) => `${owner.kind ?? ''}/${owner.name ?? ''}`)
    .join(', ');
  return (
    <Card size="small" title={t('resources.detail.metadata')} data-testid="resource-metadata">
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('resources.columns.name')}>{metadata.name}</Descriptions.Item>
        {metadata.namespace && (
          <Descriptions.Item label={t('resources.columns.namespace')}>
            {metadata.namespace}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('resources.columns.cluster')}>
          {location.cluster}
        </Descriptions.Item>
        <Descriptions.Item label={t('resources.detail.region')}>
          {location.region}
        </Descriptions.Item>
        <Descriptions.Item label={t('resources.detail.vendor')}>
          {providerName(location.vendor)}
        </Descriptions.Item>
        <Descriptions.Item label={t('resources.columns.created')}>
          {formatTime(metadata.creationTimestamp, i18n.language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('resources.detail.uid')}>{metadata.uid}</Descriptions.Item>
        {owners && (
          <Descriptions.Item label={t('resources.detail.owners')}>{owners}</Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
