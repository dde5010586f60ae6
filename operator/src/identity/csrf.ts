export const requestedWithHeader = 'X-Nimbus-Requested-With';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export type CredentialSource = 'authorization' | 'cookie' | 'signature' | 'none';

export interface CsrfInput {
  method: string;
  /** Sec-Fetch-Site as sent by the browser. */
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** host[:port] the client addressed (Host, or X-Forwarded-Host behind a trusted proxy). */
  host: string | undefined;
  source: CredentialSource;
  hasRequestedWithHeader: boolean;
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    // Includes Origin: null (sandboxed frames, some redirects): never same-origin.
    return false;
  }
}

/**
 * Whether a request may change state. Signed (AK/SK) requests cannot be forged by a browser and
 * pass; otherwise a cross-site fetch, a foreign Origin, or a cookie-only credential without the
 * custom header (which a cross-site form cannot send) is refused.
 */
export function csrfAllows(input: CsrfInput): boolean {
  if (safeMethods.has(input.method.toUpperCase())) return true;
  if (input.source === 'signature') return true;
  if (input.secFetchSite?.toLowerCase() === 'cross-site') return false;
  if (input.origin !== undefined && !sameOrigin(input.origin, input.host)) return false;
  if (input.source === 'cookie' && !input.hasRequestedWithHeader) return false;
  return true;
}

/**
 * Whether a WebSocket handshake may proceed. Browsers open WebSockets cross-site with the
 * cookie attached and no preflight, so a GET that is safe for fetch is not safe here: a browser
 * credential (the cookie) needs a same-origin Origin; tokens in a header and signatures come
 * from programs, not pages.
 */
export function upgradeOriginAllows(input: Pick<CsrfInput, 'origin' | 'host' | 'source'>): boolean {
  if (input.origin !== undefined) return sameOrigin(input.origin, input.host);
  return input.source !== 'cookie';
}
