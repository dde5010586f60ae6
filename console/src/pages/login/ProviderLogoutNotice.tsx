import { useEffect, useState } from 'react';
import { useSignInTranslation } from './useSignInTranslation';
import { forgetProviderLogout, readProviderLogout } from '../../session/providerLogout';

/** After signing out of a single sign-on session: the provider's own sign-out, offered once. */
export function ProviderLogoutNotice() {
  const { t } = useSignInTranslation();
  // Read while rendering, forgotten once shown: a render that suspends or is thrown away
  // (a lazy chunk still loading as the login screen replaces the console) runs the initialiser
  // again, and an offer taken away inside it would be gone before it was ever on screen.
  const [offer] = useState(readProviderLogout);
  useEffect(forgetProviderLogout, []);
  if (!offer) return null;
  return (
    <p className="nimbus-login__notice" role="status" data-testid="provider-logout">
      {t('login.sso.stillSignedIn', { provider: offer.providerName })}{' '}
      <a href={offer.url}>{t('login.sso.signOutThere', { provider: offer.providerName })}</a>
    </p>
  );
}
