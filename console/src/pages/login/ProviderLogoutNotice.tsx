import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeProviderLogout } from '../../session/providerLogout';

/** After signing out of a single sign-on session: the provider's own sign-out, offered once. */
export function ProviderLogoutNotice() {
  const { t } = useTranslation();
  const [offer] = useState(takeProviderLogout);
  if (!offer) return null;
  return (
    <p className="nimbus-login__notice" role="status" data-testid="provider-logout">
      {t('login.sso.stillSignedIn', { provider: offer.providerName })}{' '}
      <a href={offer.url}>{t('login.sso.signOutThere', { provider: offer.providerName })}</a>
    </p>
  );
}
