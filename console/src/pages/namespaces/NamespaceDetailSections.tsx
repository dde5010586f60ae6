import { Alert, Button, Flex, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteNamespaceMutation, useGetNamespaceQuery } from '../../api/namespaceApi';
import { DeleteConfirmDialog } from '../../components/admin/DeleteConfirmDialog';
import { LimitRangeSection, pickLimitRange } from './LimitRangeSection';
import { NAMESPACE_LIST_PATH } from './NamespaceCreateForm';
import { pickQuota, QuotaSection } from './QuotaSection';

export interface NamespaceDetailSectionsProps {
  vendor: string;
  region: string;
  cluster: string;
  name: string;
}

/**
 * The namespace parts of the detail page (SPEC §3): resource quota and limit range with their
 * edit dialogs, and deletion confirmed by typing the namespace's name.
 */
export function NamespaceDetailSections(props: NamespaceDetailSectionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const address = {
    vendor: props.vendor,
    region: props.region,
    cluster: props.cluster,
    name: props.name,
  };
  const { data, isLoading, isError } = useGetNamespaceQuery(address);
  const [remove] = useDeleteNamespaceMutation();
  const [deleting, setDeleting] = useState(false);

  return (
    <Flex vertical gap="middle" data-testid="namespace-detail-sections">
      {isLoading ? (
        <Spin />
      ) : isError || !data ? (
        <Alert type="warning" showIcon title={t('namespaces.detail.unavailable')} />
      ) : (
        <>
          <QuotaSection address={address} quota={pickQuota(data.resourceQuotas)} />
          <LimitRangeSection address={address} limitRange={pickLimitRange(data.limitRanges)} />
        </>
      )}
      <div>
        <Button danger onClick={() => setDeleting(true)} data-testid="namespace-delete">
          {t('namespaces.delete.button')}
        </Button>
      </div>
      <DeleteConfirmDialog
        name={deleting ? props.name : undefined}
        title={t('namespaces.delete.title')}
        onConfirm={async () => {
          await remove(address).unwrap();
          void navigate(NAMESPACE_LIST_PATH);
        }}
        onClose={() => setDeleting(false)}
      />
    </Flex>
  );
}
