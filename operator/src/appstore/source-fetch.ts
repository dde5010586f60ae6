import { parseChallenge } from '../registries/oci-distribution.js';
import type { OutboundAnswer, OutboundOptions } from './outbound-get.js';
import { CredentialsRefused, OutboundError, outboundGet } from './outbound-get.js';
import type { SourceCredentials } from './source-credentials.js';

export interface SourceFetch {
  /** GET as the source's login; answers 401 challenges (Basic, or a Bearer token service). */
  get(url: string, accept?: string): Promise<OutboundAnswer>;
}

/** Docker token spec scopes for the OCI distribution paths the app store reads. */
function scopeOf(path: string): string {
  if (path.startsWith('/v2/_catalog')) return 'registry:catalog:*';
  const repository = /^\/v2\/(.+)\/(tags|manifests|blobs)\//.exec(path)?.[1];
  return repository ? `repository:${repository}:pull` : '';
}

/**
 * Reads a chart source with its stored credentials. The login and the private CA go only to the
 * source's own origin (like Helm without --pass-credentials): a chart URL on another host, or a
 * redirect to a blob store, is read anonymously.
 */
export function sourceFetch(
  origin: string,
  credentials: SourceCredentials,
  outbound: OutboundOptions,
): SourceFetch {
  const { username, password, caCertificate } = credentials;
  const basic =
    username !== undefined && password !== undefined
      ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
      : undefined;
  let authorization = basic;
  const own = (url: string): boolean => new URL(url).origin === origin;
  const refused = (url: string, status: number) =>
    new CredentialsRefused(
      basic
        ? `${new URL(url).host} refused the user name and password (HTTP ${status})`
        : `${new URL(url).host} refused anonymous access (HTTP ${status}); set a user name and password`,
    );

  const send = (url: string, accept: string, auth: string | undefined) =>
    outboundGet(
      url,
      { accept, ...(auth && own(url) ? { authorization: auth } : {}) },
      own(url) && caCertificate ? { ...outbound, ca: caCertificate } : outbound,
    );

  const token = async (params: Record<string, string>, path: string): Promise<string> => {
    const realm = params['realm'];
    if (!realm) throw new OutboundError('the token challenge names no realm');
    const url = new URL(realm);
    if (params['service']) url.searchParams.set('service', params['service']);
    const scope = params['scope'] ?? scopeOf(path);
    if (scope) url.searchParams.set('scope', scope);
    // The registry names its token service (often another host, as Docker Hub's): it gets the
    // login, as docker and helm send it.
    const answer = await outboundGet(
      url.toString(),
      { accept: 'application/json', ...(basic ? { authorization: basic } : {}) },
      own(url.toString()) && caCertificate ? { ...outbound, ca: caCertificate } : outbound,
    );
    if (answer.status === 401 || answer.status === 403)
      throw refused(url.toString(), answer.status);
    if (answer.status !== 200) {
      throw new OutboundError(`the token service answered HTTP ${answer.status}`);
    }
    let body: { token?: unknown; access_token?: unknown };
    try {
      body = JSON.parse(answer.body.toString('utf8')) as typeof body;
    } catch {
      throw new OutboundError('the token service answered no JSON');
    }
    const value = typeof body.token === 'string' ? body.token : body.access_token;
    if (typeof value !== 'string' || value === '') {
      throw new OutboundError('the token answer has no token');
    }
    return value;
  };

  return {
    async get(url, accept = 'application/json') {
      const first = await send(url, accept, authorization);
      if (first.status !== 401 || !own(url)) {
        if (first.status === 403 && own(url)) throw refused(url, 403);
        return first;
      }
      const challenge = parseChallenge(first.headers['www-authenticate']?.toString());
      if (challenge?.scheme !== 'bearer') throw refused(url, 401);
      authorization = `Bearer ${await token(challenge.params, new URL(url).pathname)}`;
      const again = await send(url, accept, authorization);
      if (again.status === 401 || again.status === 403) throw refused(url, again.status);
      return again;
    },
  };
}
