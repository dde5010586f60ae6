import { useSignInTranslation } from './useSignInTranslation';
import { useVersion } from './signInCalls';

/** The product version reported by the operator; nothing while unknown. */
export function VersionText() {
  const { t } = useSignInTranslation();
  const version = useVersion();
  if (!version) return null;
  return (
    <span className="nimbus-login__version" data-testid="app-version">
      {t('login.version', { version })}
    </span>
  );
}
