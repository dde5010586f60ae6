import type { NamespaceAddress } from '@nimbus/api';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetNamespaceQuery } from '../../api/namespaceApi';
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

export function NamespaceQuotaSection({ context }: SectionProps) {
  const { t } = useTranslation();
  const { address, data, isLoading } = useNamespace(context);
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
