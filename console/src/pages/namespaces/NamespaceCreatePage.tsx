import type { ClusterLocation, CreateNamespaceBody } from '@nimbus/api';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { detailPath } from '../../resources/detailPath';
import { HOME_PATH } from '../../routes/paths';
import { NamespaceCreateForm } from './NamespaceCreateForm';
import { useProviderName } from '../../clusters/VendorLogo';

/** The success page: submit again reloads the form; back to home. */
function NamespaceCreated({
  created,
  onSubmitAgain,
}: {
  created: CreateNamespaceBody & ClusterLocation;
  onSubmitAgain: () => void;
}) {
  const { t } = useTranslation();
  const providerName = useProviderName();
  const navigate = useNavigate();
  const { name, vendor, region, cluster } = created;
  return (
    <Result
      status="success"
      data-testid="namespace-created"
      title={t('namespaces.created.title', { name })}
      subTitle={t('namespaces.created.location', {
        vendor: providerName(vendor),
        region,
        cluster,
      })}
      extra={[
        <Button
          key="again"
          type="primary"
          onClick={onSubmitAgain}
          data-testid="namespace-create-again"
        >
          {t('namespaces.created.submitAgain')}
        </Button>,
        <Button
          key="home"
          onClick={() => void navigate(HOME_PATH)}
          data-testid="namespace-created-home"
        >
          {t('namespaces.created.backHome')}
        </Button>,
        <Link key="view" to={detailPath({ type: 'Namespace', name, vendor, region, cluster })}>
          {t('namespaces.created.view')}
        </Link>,
      ]}
    />
  );
}

/** The Namespace kind's creation form (at /add/Namespace), then the success page. */
export default function NamespaceCreatePage() {
  const [created, setCreated] = useState<CreateNamespaceBody & ClusterLocation>();
  // A new key gives a fresh, empty form after "submit again".
  const [formKey, setFormKey] = useState(0);
  return (
    <div data-testid="namespace-create-page">
      {created ? (
        <NamespaceCreated
          created={created}
          onSubmitAgain={() => {
            setCreated(undefined);
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <NamespaceCreateForm key={formKey} onCreated={setCreated} />
      )}
    </div>
  );
}
