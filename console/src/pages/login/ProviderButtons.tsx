import { useSignInTranslation } from './useSignInTranslation';
import { useSignInOptions } from './signInCalls';

/**
 * A button per identity provider beside the password form. Without providers (or when the list
 * cannot be read) nothing is shown: the password form works on its own.
 */
export function ProviderButtons({
  onChoose,
  busy,
}: {
  onChoose: (provider: string) => void;
  busy: boolean;
}) {
  const { t } = useSignInTranslation();
  const providers = useSignInOptions();
  if (providers.length === 0) return null;
  return (
    <div className="nimbus-sso" data-testid="sso-providers">
      <p className="nimbus-sso__divider">{t('login.sso.or')}</p>
      {providers.map((provider) => (
        <button
          key={provider.name}
          type="button"
          className="nimbus-sso__button"
          aria-busy={busy}
          disabled={busy}
          onClick={() => onChoose(provider.name)}
          data-testid={`sso-provider-${provider.name}`}
        >
          {t('login.sso.signInWith', { provider: provider.displayName })}
        </button>
      ))}
    </div>
  );
}
