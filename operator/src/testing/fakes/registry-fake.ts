import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createPlainServer } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { loopbackCertificate, loopbackKey } from '../loopback-tls.js';

/**
 * A loopback OCI distribution registry over TLS (the loopback test certificate) with a Docker
 * token service, as Harbor, ECR, SWR and the others serve: /v2/ answers 401 with a Bearer
 * challenge; /token takes Basic credentials, which `accepts` judges as the vendor would (e.g. the
 * SWR password derived from the access key pair), and hands out a token scoped to what was asked.
 */
export interface RegistryFakeOptions {
  accepts(username: string, password: string): boolean;
  /** repository → tag → image configuration `created`. */
  repositories: Record<string, Record<string, string>>;
  /** Serve plain http instead (a registry without TLS, Docker's "insecure registry"). */
  plainHttp?: boolean;
}

export interface RegistryFake {
  host: string;
  /** Basic logins the token service saw (user names only). */
  logins: string[];
  close(): Promise<void>;
}

const manifestType = 'application/vnd.oci.image.manifest.v1+json';

function digestOf(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

export async function startRegistryFake(options: RegistryFakeOptions): Promise<RegistryFake> {
  const tokens = new Set<string>();
  const logins: string[] = [];
  const blobs = new Map<string, string>();
  const manifests = new Map<string, string>();
  for (const [repository, tags] of Object.entries(options.repositories)) {
    for (const [tag, created] of Object.entries(tags)) {
      const config = JSON.stringify({ created, architecture: 'amd64', os: 'linux' });
      blobs.set(digestOf(config), config);
      const manifest = JSON.stringify({
        schemaVersion: 2,
        mediaType: manifestType,
        config: {
          mediaType: 'application/vnd.oci.image.config.v1+json',
          digest: digestOf(config),
          size: config.length,
        },
        layers: [],
      });
      manifests.set(`${repository}:${tag}`, manifest);
    }
  }

  function json(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', `${scheme}://${host}`);
    if (url.pathname === '/token') {
      const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
      const decoded =
        scheme === 'Basic' ? Buffer.from(encoded ?? '', 'base64').toString('utf8') : '';
      const colon = decoded.indexOf(':');
      const username = decoded.slice(0, colon);
      logins.push(username);
      if (colon < 0 || !options.accepts(username, decoded.slice(colon + 1))) {
        json(res, 401, { errors: [{ code: 'UNAUTHORIZED' }] });
        return;
      }
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      json(res, 200, { token, expires_in: 300 });
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      json(
        res,
        401,
        { errors: [{ code: 'UNAUTHORIZED' }] },
        {
          'www-authenticate': `Bearer realm="${scheme}://${host}/token",service="fake-registry"`,
        },
      );
      return;
    }
    if (url.pathname === '/v2/') return json(res, 200, {});
    if (url.pathname === '/v2/_catalog') {
      return json(res, 200, { repositories: Object.keys(options.repositories).sort() });
    }
    const tagList = /^\/v2\/(.+)\/tags\/list$/.exec(url.pathname);
    if (tagList?.[1]) {
      const tags = options.repositories[tagList[1]];
      return tags
        ? json(res, 200, { name: tagList[1], tags: Object.keys(tags) })
        : json(res, 404, {});
    }
    const manifest = /^\/v2\/(.+)\/manifests\/([^/]+)$/.exec(url.pathname);
    const body =
      manifest && manifests.get(`${manifest[1]}:${decodeURIComponent(manifest[2] ?? '')}`);
    if (body) {
      res.writeHead(200, { 'content-type': manifestType, 'docker-content-digest': digestOf(body) });
      res.end(body);
      return;
    }
    const blob = /^\/v2\/.+\/blobs\/(sha256:[0-9a-f]{64})$/.exec(url.pathname);
    const config = blob?.[1] && blobs.get(blob[1]);
    if (config) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(config);
      return;
    }
    json(res, 404, { errors: [{ code: 'NAME_UNKNOWN' }] });
  }

  const scheme = options.plainHttp ? 'http' : 'https';
  const server = options.plainHttp
    ? createPlainServer(handle)
    : createServer({ cert: loopbackCertificate, key: loopbackKey }, handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    logins,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
