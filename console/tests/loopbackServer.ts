import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface CannedResponse {
  status?: number;
  /** Serialised as JSON unless it is a string. */
  body: unknown;
}

export interface LoopbackServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  requests: RecordedRequest[];
  /** Answer requests for `path` (path and query) with `response` from now on. */
  respond(path: string, response: CannedResponse): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that answers canned responses: the fake at the HTTP boundary. */
export async function startLoopbackServer(): Promise<LoopbackServer> {
  const routes = new Map<string, CannedResponse>();
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers });
    const canned = routes.get(path) ?? { status: 404, body: 'no canned response' };
    const isText = typeof canned.body === 'string';
    res.writeHead(canned.status ?? 200, {
      'content-type': isText ? 'text/plain' : 'application/json',
      'access-control-allow-origin': '*',
    });
    res.end(isText ? canned.body : JSON.stringify(canned.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    requests,
    respond: (path, response) => routes.set(path, response),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
