import { applicationKinds, type ApplicationKind } from '@nimbus/api/shared';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { detailPath } from '../../resources/detailPath';
import { HOME_PATH } from '../../routes/paths';
import { createFormOfPath } from '../resources/ResourceCreatePage';
import { ApplicationForm, type CreatedApplication } from './ApplicationForm';
import { useProviderName } from '../../clusters/VendorLogo';

const fixedKindOf = (form: string): ApplicationKind | undefined =>
  (applicationKinds as readonly string[]).includes(form) ? (form as ApplicationKind) : undefined;

/** The success page: submit again reloads the form; back to home. */
function ApplicationCreated({
  created,
  onSubmitAgain,
}: {
  created: CreatedApplication;
  onSubmitAgain: () => void;
}) {
  const { t } = useTranslation();
  const providerName = useProviderName();
  const navigate = useNavigate();
  const { kind, name, namespace, vendor, region, cluster } = created;
  return (
    <Result
      status="success"
      data-testid="application-created"
      title={t('appForm.created.title', { kind: t(`appForm.kinds.${kind}`), name })}
      subTitle={t('appForm.created.location', {
        vendor: providerName(vendor),
        region,
        cluster,
        namespace,
      })}
      extra={[
        <Button
          key="again"
          type="primary"
          onClick={onSubmitAgain}
          data-testid="application-create-again"
        >
          {t('appForm.created.submitAgain')}
        </Button>,
        <Button
          key="home"
          onClick={() => void navigate(HOME_PATH)}
          data-testid="application-created-home"
        >
          {t('appForm.created.backHome')}
        </Button>,
        <Link
          key="view"
          to={detailPath({ type: kind, name, namespace, vendor, region, cluster })}
          data-testid="application-created-view"
        >
          {t('appForm.created.view')}
        </Link>,
      ]}
    />
  );
}

/** /add/Application and /add/<Kind>: the shared application form, then the success page. */
export default function ApplicationCreatePage() {
  const { pathname } = useLocation();
  const fixedKind = fixedKindOf(createFormOfPath(pathname));
  const [created, setCreated] = useState<CreatedApplication>();
  // A new key gives a fresh, empty form after "submit again" or another /add/<Kind>.
  const [formKey, setFormKey] = useState(0);
  return (
    <div data-testid="application-create-page">
      {created ? (
        <ApplicationCreated
          created={created}
          onSubmitAgain={() => {
            setCreated(undefined);
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <ApplicationForm
          key={`${fixedKind ?? 'any'}-${formKey}`}
          fixedKind={fixedKind}
          onCreated={setCreated}
        />
      )}
    </div>
  );
}
