import { useTranslation } from 'react-i18next';
import type { SignInKey } from '../../i18n/signInKey';

/**
 * `useTranslation` for the sign-in screen, its `t` taking only the sign-in messages' keys: the
 * rest of the console's messages are not loaded yet there (docs/performance.md), so a key from
 * them would compile and show raw.
 */
export function useSignInTranslation() {
  const { t, i18n } = useTranslation();
  const signInT = (key: SignInKey, values?: Record<string, unknown>): string =>
    values ? t(key, values) : t(key);
  return { t: signInT, i18n };
}
