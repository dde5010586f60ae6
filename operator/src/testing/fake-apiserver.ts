import { createServer } from 'node:http';
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  RequestListener,
  ServerResponse,
} from 'node:http';
import { createServer as createTlsServer, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface FakeApiServer {
  url: string;
  /** host:port, for the outbound allow-list. */
  host: string;
  /** Headers of every request, in order. */
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  /** How many TCP connections were accepted: callers sharing a kept-alive transport open one. */
  connections(): number;
  close(): Promise<void>;
}

export interface FakeApiServerOptions {
  gitVersion?: string;
  nodes?: number;
  hang?: boolean;
  /** The only bearer token accepted. */
  token?: string;
  /** Decides on each request's Authorization header, for tokens a vendor fake issues. */
  authorize?: (authorization: string | undefined) => boolean | Promise<boolean>;
  /** Serve https (adapters that insist on https need it); `requestCert` + `ca` check client certs. */
  tls?: ServerOptions;
}

/**
 * A loopback Kubernetes API server stand-in (plain http unless `tls` is given): answers
 * /version and /api/v1/nodes, or with `hang` accepts connections and never answers.
 */
export async function startFakeApiServer(
  options: FakeApiServerOptions = {},
): Promise<FakeApiServer> {
  const requests: FakeApiServer['requests'] = [];
  const authorized = async (authorization: string | undefined): Promise<boolean> =>
    (options.token === undefined || authorization === `Bearer ${options.token}`) &&
    ((await options.authorize?.(authorization)) ?? true);
  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!(await authorized(req.headers.authorization))) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"kind":"Status"}');
      return;
    }
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const send = (body: unknown): void => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (path === '/version') send({ gitVersion: options.gitVersion ?? 'v1.36.0' });
    else if (path === '/api/v1/nodes') {
      const items = Array.from({ length: options.nodes ?? 0 }, (_, i) => ({
        metadata: { name: `node-${i}` },
      }));
      send({ kind: 'PartialObjectMetadataList', metadata: {}, items });
    } else res.writeHead(404).end();
  };
  const handler: RequestListener = (req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    if (options.hang) return;
    answer(req, res).catch(() => res.writeHead(500).end());
  };
  const server = options.tls ? createTlsServer(options.tls, handler) : createServer(handler);
  let connections = 0;
  server.on(options.tls ? 'secureConnection' : 'connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A kubeconfig with an embedded token pointing at `server`. */
export function tokenKubeconfig(server: string, token: string): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'member', cluster: { server } }],
    users: [{ name: 'member', user: { token } }],
    contexts: [{ name: 'member', context: { cluster: 'member', user: 'member' } }],
    'current-context': 'member',
  });
}
