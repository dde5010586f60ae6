// Streaming GETs against a member with the operator's own connection to it (the one the health
// prober uses), dialling only the addresses the SSRF check resolved.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { PinnedConnection } from '../clusters/connector.js';
import { pinnedLookup } from '../clusters/member-client.js';
import type { KubeGet, KubeResponse, KubeTransport } from './kube-transport.js';

/** Short-lived tokens (EKS, GKE) are renewed this long before they expire. */
const renewBeforeMs = 60_000;

function pem(base64: string): string {
  return Buffer.from(base64, 'base64').toString('utf8');
}

export class ConnectionTransport implements KubeTransport {
  private current?: Promise<PinnedConnection>;

  constructor(
    private readonly connect: () => Promise<PinnedConnection>,
    private readonly connectTimeoutMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  private async connection(): Promise<PinnedConnection> {
    if (this.current) {
      try {
        const known = await this.current;
        const expires = known.connection.expiresAt?.getTime();
        if (expires === undefined || expires - renewBeforeMs > this.now()) return known;
      } catch {
        // A failed connect is retried on the next request (the loop backs off in between).
      }
    }
    this.current = this.connect();
    return this.current;
  }

  async get({ path, query, accept, signal }: KubeGet): Promise<KubeResponse> {
    const { connection, addresses } = await this.connection();
    const base = new URL(connection.server);
    const url = new URL(base.pathname.replace(/\/+$/, '') + path, base);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const secure = url.protocol === 'https:';
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const servername = connection.tlsServerName ?? (isIP(hostname) === 0 ? hostname : undefined);
    const auth = connection.auth;
    const options: https.RequestOptions = {
      method: 'GET',
      headers: {
        accept,
        ...('token' in auth ? { authorization: `Bearer ${auth.token}` } : {}),
      },
      lookup: pinnedLookup(addresses),
      signal,
      agent: false,
      ...(secure
        ? {
            ...(connection.certificateAuthorityData
              ? { ca: pem(connection.certificateAuthorityData) }
              : {}),
            ...(servername ? { servername } : {}),
            ...('clientCertificateData' in auth
              ? { cert: pem(auth.clientCertificateData), key: pem(auth.clientKeyData) }
              : {}),
          }
        : {}),
    };
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(url, options, (res) => {
        req.setTimeout(0);
        resolve({ status: res.statusCode ?? 0, body: res });
      });
      req.setTimeout(this.connectTimeoutMs, () => {
        req.destroy(new Error(`no response from ${url.host} within ${this.connectTimeoutMs} ms`));
      });
      req.on('error', reject);
      req.end();
    });
  }
}
