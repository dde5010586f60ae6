import { useTranslation } from 'react-i18next';
import { useGetVersionQuery } from '../../api/systemApi';

/** The product version reported by the operator; nothing while unknown. */
export function VersionText() {
  const { t } = useTranslation();
  const { data: version } = useGetVersionQuery(undefined);
  if (!version) return null;
  return (
    <span className="nimbus-login__version" data-testid="app-version">
      {t('login.version', { version })}
    </span>
  );
}
