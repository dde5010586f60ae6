/**
 * After signing out of a single sign-on session, the provider's own session lives on: the
 * console keeps its logout address for this tab only (sessionStorage), so the login screen can
 * offer it once.
 */
export interface ProviderLogout {
  url: string;
  providerName: string;
}

const KEY = 'nimbus.providerLogout';

function tabStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function keepProviderLogout(logout: ProviderLogout): void {
  tabStore()?.setItem(KEY, JSON.stringify(logout));
}

/** The offer, if one is waiting; left in place until `forgetProviderLogout`. */
export function readProviderLogout(): ProviderLogout | undefined {
  const raw = tabStore()?.getItem(KEY);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<ProviderLogout>;
    // Only the provider's own http(s) address, never a script URL.
    return typeof value.url === 'string' &&
      /^https?:\/\//.test(value.url) &&
      typeof value.providerName === 'string'
      ? { url: value.url, providerName: value.providerName }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Once the offer has been shown: it is offered once. */
export function forgetProviderLogout(): void {
  tabStore()?.removeItem(KEY);
}
