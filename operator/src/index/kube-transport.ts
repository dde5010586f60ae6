// Raw GETs against one member API server with the credentials of a KubeConfig, streaming the
// body so the same transport serves paginated lists and long-running watches.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

export interface KubeResponse {
  status: number;
  body: IncomingMessage;
}

export interface KubeGet {
  path: string;
  query: Record<string, string>;
  accept: string;
  signal: AbortSignal;
}

export interface KubeTransport {
  get(request: KubeGet): Promise<KubeResponse>;
}

export class KubeConfigTransport implements KubeTransport {
  constructor(
    private readonly config: KubeConfig,
    private readonly connectTimeoutMs = 10_000,
  ) {}

  async get({ path, query, accept, signal }: KubeGet): Promise<KubeResponse> {
    const server = this.config.getCurrentCluster()?.server;
    if (!server) {
      throw new Error('kubeconfig has no current cluster');
    }
    const url = new URL(server.replace(/\/$/, '') + path);
    for (const [key, value] of Object.entries(query)) {
      url.searchParams.set(key, value);
    }
    const options: RequestOptions = {};
    // Applied per request so refreshed bearer tokens are picked up.
    await this.config.applyToHTTPSOptions(options);
    const headers = { ...(options.headers as Record<string, string> | undefined), accept };
    const plain = url.protocol === 'http:';
    if (plain) {
      // The https agent the kubeconfig builds cannot carry plain http (loopback test servers).
      delete options.agent;
    }
    const send = plain ? httpRequest : httpsRequest;
    return new Promise((resolve, reject) => {
      const req = send(url, { ...options, method: 'GET', headers, signal }, (res) => {
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
