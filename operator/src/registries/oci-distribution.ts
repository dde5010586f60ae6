import { ApiError, errors } from '../core/errors.js';
import type { RegistryHttpSettings, RegistryReply, RegistryTransport } from './registry-http.js';
import { jsonOf, registryGet, registryUnreachable } from './registry-http.js';

/**
 * A client of the OCI distribution API (what Harbor, ECR, ACR, GAR, TCR, SWR and docker-registry
 * all serve) for one registry: answers the registry's auth challenge (Basic, or Bearer through
 * its token service as the Docker token spec describes) with the login the kind derived.
 */
export interface RegistryLogin {
  username: string;
  password: string;
}

export interface OciTarget {
  host: string;
  login?: RegistryLogin;
  /** PEM of a private CA for this registry. */
  caCertificate?: string;
  /** Reached over plain http, on purpose (the Registry's `plainHttp`). */
  plainHttp?: boolean;
}

export const credentialsRejected = (): ApiError =>
  new ApiError(errors.registryCredentialsRejected, {
    message: 'the image registry refused the credentials',
  });

interface Challenge {
  scheme: 'basic' | 'bearer';
  params: Record<string, string>;
}

/** WWW-Authenticate: Bearer realm="…",service="…",scope="…" */
export function parseChallenge(header: string | undefined): Challenge | undefined {
  const match = /^\s*(Basic|Bearer)\b(.*)$/i.exec(header ?? '');
  if (!match) return undefined;
  const params: Record<string, string> = {};
  for (const pair of (match[2] ?? '').matchAll(/([A-Za-z_]+)="([^"]*)"/g)) {
    if (pair[1] && pair[2] !== undefined) params[pair[1].toLowerCase()] = pair[2];
  }
  return { scheme: (match[1] ?? '').toLowerCase() as Challenge['scheme'], params };
}

const basic = (login: RegistryLogin): string =>
  `Basic ${Buffer.from(`${login.username}:${login.password}`).toString('base64')}`;

export const manifestMediaTypes = [
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
  'application/vnd.docker.distribution.manifest.v2+json',
].join(', ');

export class OciClient {
  private authorization: string | undefined;

  constructor(
    private readonly target: OciTarget,
    private readonly settings: RegistryHttpSettings,
  ) {}

  private url(path: string): URL {
    return new URL(`${this.target.plainHttp ? 'http' : 'https'}://${this.target.host}${path}`);
  }

  private get transport(): RegistryTransport {
    return { ca: this.target.caCertificate, plainHttp: this.target.plainHttp };
  }

  private async token(challenge: Challenge, scope: string): Promise<string> {
    const realm = challenge.params['realm'];
    if (!realm) throw registryUnreachable('the token challenge names no realm');
    let url: URL;
    try {
      url = new URL(realm);
    } catch (error) {
      throw registryUnreachable('the token realm is not a URL', error);
    }
    if (challenge.params['service']) url.searchParams.set('service', challenge.params['service']);
    url.searchParams.set('scope', challenge.params['scope'] ?? scope);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.target.login) headers['authorization'] = basic(this.target.login);
    const reply = await registryGet(url, headers, this.settings, this.transport);
    if (reply.status === 401 || reply.status === 403) throw credentialsRejected();
    if (reply.status !== 200)
      throw registryUnreachable(`the token service answered HTTP ${reply.status}`);
    const body = jsonOf(reply, 'the token answer') as { token?: unknown; access_token?: unknown };
    const token = typeof body.token === 'string' ? body.token : body.access_token;
    if (typeof token !== 'string' || token === '')
      throw registryUnreachable('the token answer has no token');
    return token;
  }

  /** GET a registry path; on a challenge, signs in once and asks again. */
  async get(path: string, scope: string, accept = 'application/json'): Promise<RegistryReply> {
    const send = (): Promise<RegistryReply> =>
      registryGet(
        this.url(path),
        { accept, ...(this.authorization ? { authorization: this.authorization } : {}) },
        this.settings,
        this.transport,
      );
    let reply = await send();
    if (reply.status !== 401) return reply;
    const challenge = parseChallenge(reply.headers['www-authenticate']);
    if (!challenge) throw registryUnreachable('the registry asked for an unknown kind of sign-in');
    if (challenge.scheme === 'basic') {
      if (!this.target.login || this.authorization) throw credentialsRejected();
      this.authorization = basic(this.target.login);
    } else {
      this.authorization = `Bearer ${await this.token(challenge, scope)}`;
    }
    reply = await send();
    if (reply.status === 401) throw credentialsRejected();
    return reply;
  }

  /** GET /v2/: the registry answers and accepts the login. */
  async ping(): Promise<void> {
    const reply = await this.get('/v2/', 'registry:catalog:*');
    if (reply.status !== 200) throw registryUnreachable(`/v2/ answered HTTP ${reply.status}`);
  }

  async catalog(limit = 1000): Promise<string[]> {
    const reply = await this.get(`/v2/_catalog?n=${limit}`, 'registry:catalog:*');
    if (reply.status === 403) throw credentialsRejected();
    if (reply.status !== 200)
      throw registryUnreachable(`the catalogue answered HTTP ${reply.status}`);
    const body = jsonOf(reply, 'the catalogue') as { repositories?: unknown };
    return Array.isArray(body.repositories)
      ? body.repositories.filter((name): name is string => typeof name === 'string')
      : [];
  }

  async tags(repository: string): Promise<string[]> {
    const reply = await this.get(`/v2/${repository}/tags/list?n=1000`, pullScope(repository));
    if (reply.status === 404) return [];
    if (reply.status === 403) throw credentialsRejected();
    if (reply.status !== 200)
      throw registryUnreachable(`the tag list answered HTTP ${reply.status}`);
    const body = jsonOf(reply, 'the tag list') as { tags?: unknown };
    return Array.isArray(body.tags)
      ? body.tags.filter((tag): tag is string => typeof tag === 'string')
      : [];
  }

  async manifest(
    repository: string,
    reference: string,
  ): Promise<{ digest?: string; body: unknown }> {
    const reply = await this.get(
      `/v2/${repository}/manifests/${encodeURIComponent(reference)}`,
      pullScope(repository),
      manifestMediaTypes,
    );
    if (reply.status !== 200) throw registryUnreachable(`a manifest answered HTTP ${reply.status}`);
    const digest = reply.headers['docker-content-digest'];
    return { ...(digest ? { digest } : {}), body: jsonOf(reply, 'a manifest') };
  }

  async blobJson(repository: string, digest: string): Promise<unknown> {
    const reply = await this.get(`/v2/${repository}/blobs/${digest}`, pullScope(repository));
    if (reply.status !== 200) throw registryUnreachable(`a blob answered HTTP ${reply.status}`);
    return jsonOf(reply, 'an image configuration');
  }
}

export const pullScope = (repository: string): string => `repository:${repository}:pull`;
