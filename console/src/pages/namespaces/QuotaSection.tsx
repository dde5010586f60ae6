import type { NamespaceAddress, Quantities, ResourceQuotaObject } from '@nimbus/api';
import { Button, Card, Descriptions } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveResourceQuotaMutation } from '../../api/namespaceApi';
import { QUOTA_NAME, quotaQuantities, quotaSpec } from './namespaceValues';
import { PolicyDialog } from './PolicyDialog';
import { QuotaFields } from './PolicyFields';

/** The quota the console manages: its own when present, else the namespace's first. */
export const pickQuota = (quotas: readonly ResourceQuotaObject[]) =>
  quotas.find((quota) => quota.metadata.name === QUOTA_NAME) ?? quotas[0];

/** A namespace's CPU and memory totals, with an edit dialog (PUT, or POST when there is none). */
export function QuotaSection({
  address,
  quota,
  editable = true,
}: {
  address: NamespaceAddress;
  quota: ResourceQuotaObject | undefined;
  /** False when the caller may not set quotas: the edit button is left out. */
  editable?: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [save] = useSaveResourceQuotaMutation();
  const totals = quotaQuantities(quota?.spec?.hard);
  const used = quotaQuantities(quota?.status?.used);
  const notSet = t('namespaces.detail.notSet');
  const shown = (resource: keyof Quantities) =>
    totals[resource]
      ? used[resource]
        ? t('namespaces.detail.usedOf', { used: used[resource], total: totals[resource] })
        : totals[resource]
      : notSet;

  return (
    <Card
      title={t('namespaces.quota.title')}
      data-testid="namespace-quota-section"
      extra={
        editable && (
          <Button onClick={() => setEditing(true)} data-testid="namespace-quota-edit">
            {t('namespaces.detail.editQuota')}
          </Button>
        )
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('namespaces.quota.cpu')}>{shown('cpu')}</Descriptions.Item>
        <Descriptions.Item label={t('namespaces.quota.memory')}>
          {shown('memory')}
        </Descriptions.Item>
      </Descriptions>
      {editing && (
        <PolicyDialog<{ quota: Quantities }>
          title={t('namespaces.detail.editQuota')}
          testId="namespace-quota-form"
          initialValues={{ quota: totals }}
          onClose={() => setEditing(false)}
          onSave={({ quota: values }) =>
            save({
              vendor: address.vendor,
              region: address.region,
              cluster: address.cluster,
              namespace: address.name,
              name: quota?.metadata.name ?? QUOTA_NAME,
              replace: quota !== undefined,
              spec: quotaSpec(values, quota?.spec),
            }).unwrap()
          }
        >
          <QuotaFields prefix={['quota']} />
        </PolicyDialog>
      )}
    </Card>
  );
}
