import type { NamespaceAddress } from '@nimbus/api';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetNamespaceQuery } from '../../api/namespaceApi';
import { useLiveRefetch } from '../../live/useLiveRefetch';
import type { SectionProps } from '../../resources/descriptors/types';
import { LimitRangeSection, pickLimitRange } from './LimitRangeSection';
import { pickQuota, QuotaSection } from './QuotaSection';

// The namespace's detail sections: resource quota and limit range with their edit
// dialogs; they share one cached read of the namespace.

const namespaceAddressOf = ({ address }: SectionProps['context']): NamespaceAddress => ({
  vendor: address.vendor,
  region: address.region,
  cluster: address.cluster,
  name: address.name,
});

function useNamespace(context: SectionProps['context']) {
  const address = namespaceAddressOf(context);
  return { address, ...useGetNamespaceQuery(address) };
}

/**
 * The kinds a resource quota usually counts: their changes in the namespace change its usage.
 * (Quotas and limit ranges are not in the index; the quota controller updates the usage shortly
 * after, which the read at the end of the live window takes in.)
 */
const QUOTA_COUNTED_KINDS = ['pods', 'services', 'persistentvolumeclaims', 'configmaps', 'secrets'];

export function NamespaceQuotaSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { address, data, isLoading, refetch } = useNamespace(context);
  // Read again as the namespace or what its quota counts changes (the shared read serves both
  // sections).
  useLiveRefetch({ kinds: ['namespaces'], cluster: address.cluster, name: address.name }, refetch);
  useLiveRefetch(
    { kinds: QUOTA_COUNTED_KINDS, cluster: address.cluster, namespace: address.name },
    refetch,
  );
  if (isLoading) return <Spin />;
  // The limit range section shows nothing then, so the warning appears once.
  if (!data) return <Alert type="warning" showIcon title={t('namespaces.detail.unavailable')} />;
  return (
    <QuotaSection
      address={address}
      quota={pickQuota(data.resourceQuotas)}
      editable={context.allows('resourcequota:update')}
    />
  );
}

export function NamespaceLimitRangeSection({ context }: SectionProps) {
  const { address, data } = useNamespace(context);
  if (!data) return null;
  return (
    <LimitRangeSection
      address={address}
      limitRange={pickLimitRange(data.limitRanges)}
      editable={context.allows('resourcequota:update')}
    />
  );
}
