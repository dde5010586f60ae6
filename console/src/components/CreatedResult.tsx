import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HOME_PATH } from '../routes/paths';

export interface CreatedResultProps {
  /** The page's own heading, e.g. "Config map app-config created". */
  title: string;
  subTitle?: string;
  onSubmitAgain: () => void;
  /** Where the new object can be seen, with the link's text. */
  view?: { path: string; label: string };
}

/**
 * The success page after a creation form: submit again reloads the form; back to home.
 * Shared by every creation form (resources and applications).
 */
export function CreatedResult({ title, subTitle, onSubmitAgain, view }: CreatedResultProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      data-testid="created-result"
      title={title}
      subTitle={subTitle}
      extra={[
        <Button key="again" type="primary" onClick={onSubmitAgain} data-testid="created-again">
          {t('resourceForms.created.submitAgain')}
        </Button>,
        <Button key="home" onClick={() => void navigate(HOME_PATH)} data-testid="created-home">
          {t('resourceForms.created.backHome')}
        </Button>,
        ...(view
          ? [
              <Link key="view" to={view.path} data-testid="created-view">
                {view.label}
              </Link>,
            ]
          : []),
      ]}
    />
  );
}
