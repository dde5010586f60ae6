import { randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import {
  ASSERTION_ALGORITHM,
  CLOUD_PLATFORM_SCOPE,
  JWT_BEARER_GRANT,
} from '../../clusters/providers/gcp/jwt-assertion.js';

/**
 * A loopback stand-in for Google's OAuth 2.0 token endpoint and the GKE clusters API. The token
 * endpoint verifies the JWT assertion the way Google does — RS256 signature against the service
 * account's public key, audience, lifetime, scope — and the clusters endpoint only answers to the
 * access tokens it issued, with the connection data it was given.
 */
export interface GcpFakeServiceAccount {
  clientEmail: string;
  publicKey: KeyObject | string;
  privateKeyId?: string;
}

export interface GcpFakeCluster {
  /** What GKE reports: a bare IP (or host:port for a test bed). */
  endpoint: string;
  clusterCaCertificate: string;
}

export interface GcpFakeOptions {
  serviceAccounts: GcpFakeServiceAccount[];
  /** Keyed by `projects/<p>/locations/<l>/clusters/<c>`. */
  clusters: Record<string, GcpFakeCluster>;
  now?: () => Date;
}

export interface GcpFake {
  url: string;
  /** The audience assertions must name. */
  tokenUrl: string;
  /** Assertions accepted and tokens issued. */
  issued: number;
  /** Whether `token` is an unexpired access token this fake issued (as a GKE API server checks). */
  accepts(token: string): boolean;
  close(): Promise<void>;
}

const MAX_LIFETIME_SECONDS = 3600;
const SKEW_SECONDS = 300;
const TOKEN_LIFETIME_SECONDS = 3599;

class Rejection extends Error {}

export async function startGcpFake(options: GcpFakeOptions): Promise<GcpFake> {
  const now = options.now ?? (() => new Date());
  const accounts = new Map(options.serviceAccounts.map((sa) => [sa.clientEmail, sa]));
  const tokens = new Map<string, number>();

  function verifyAssertion(assertion: string): void {
    const decoded = jwt.decode(assertion, { complete: true });
    if (!decoded || typeof decoded.payload === 'string') throw new Rejection('malformed JWT');
    const { header, payload: claims } = decoded;
    if (header.alg !== ASSERTION_ALGORITHM)
      throw new Rejection('Invalid JWT: unsupported algorithm');
    const account = accounts.get(String(claims.iss));
    if (!account) throw new Rejection('Invalid JWT: unknown service account');
    if (account.privateKeyId && header.kid !== undefined && header.kid !== account.privateKeyId) {
      throw new Rejection('Invalid JWT Signature.');
    }
    try {
      // Only the signature here: Google words its own audience and lifetime checks below.
      jwt.verify(assertion, account.publicKey, {
        algorithms: [ASSERTION_ALGORITHM],
        ignoreExpiration: true,
        ignoreNotBefore: true,
      });
    } catch {
      throw new Rejection('Invalid JWT Signature.');
    }
    if (claims.aud !== fake.tokenUrl) throw new Rejection('Invalid JWT: Failed audience check.');
    const seconds = Math.floor(now().getTime() / 1000);
    const { iat, exp } = claims;
    if (typeof iat !== 'number' || typeof exp !== 'number') {
      throw new Rejection('Invalid JWT: iat and exp are required.');
    }
    if (iat > seconds + SKEW_SECONDS || exp <= seconds || exp - iat > MAX_LIFETIME_SECONDS) {
      throw new Rejection(
        'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.',
      );
    }
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.includes(CLOUD_PLATFORM_SCOPE)) throw new Rejection('Invalid OAuth scope.');
  }

  function json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function handleToken(res: ServerResponse, body: string): void {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== JWT_BEARER_GRANT) {
      json(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type.' });
      return;
    }
    try {
      verifyAssertion(form.get('assertion') ?? '');
    } catch (error) {
      const description = error instanceof Rejection ? error.message : 'malformed JWT';
      json(res, 400, { error: 'invalid_grant', error_description: description });
      return;
    }
    const token = `ya29.fake-${randomBytes(24).toString('base64url')}`;
    tokens.set(token, now().getTime() + TOKEN_LIFETIME_SECONDS * 1000);
    fake.issued += 1;
    json(res, 200, {
      access_token: token,
      expires_in: TOKEN_LIFETIME_SECONDS,
      token_type: 'Bearer',
    });
  }

  function handleCluster(req: IncomingMessage, res: ServerResponse, name: string): void {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const expires = tokens.get(token);
    if (expires === undefined || expires <= now().getTime()) {
      json(res, 401, {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          status: 'UNAUTHENTICATED',
        },
      });
      return;
    }
    const cluster = options.clusters[name];
    if (!cluster) {
      json(res, 404, { error: { code: 404, message: `Not found: ${name}.`, status: 'NOT_FOUND' } });
      return;
    }
    json(res, 200, {
      name: name.split('/').pop(),
      endpoint: cluster.endpoint,
      masterAuth: { clusterCaCertificate: cluster.clusterCaCertificate },
      status: 'RUNNING',
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', fake.url);
    const cluster = /^\/v1\/(projects\/[^/]+\/locations\/[^/]+\/clusters\/[^/]+)$/.exec(
      url.pathname,
    );
    if (req.method === 'POST' && url.pathname === '/token') {
      handleToken(res, Buffer.concat(chunks).toString('utf8'));
    } else if (req.method === 'GET' && cluster?.[1]) {
      handleCluster(req, res, cluster[1]);
    } else {
      json(res, 404, { error: { code: 404, message: 'Not found.', status: 'NOT_FOUND' } });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { error: { code: 500, status: 'INTERNAL' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const fake: GcpFake = {
    url,
    tokenUrl: `${url}/token`,
    issued: 0,
    accepts: (token) => (tokens.get(token) ?? 0) > now().getTime(),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
