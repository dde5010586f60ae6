import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The request body parsed as JSON, the raw text when it is not JSON, undefined when empty. */
  body: unknown;
}

export interface CannedResponse {
  status?: number;
  /** Serialised as JSON unless it is a string. */
  body: unknown;
}

/** No answer: the connection is cut, as when the browser cancels a request. */
export const DROP = Symbol('drop the connection');

/**
 * A fixed answer, or one computed from the request (e.g. to answer a second attempt
 * differently), possibly later (a promise).
 */
export type Responder =
  | CannedResponse
  | ((
      request: RecordedRequest,
    ) => CannedResponse | typeof DROP | Promise<CannedResponse | typeof DROP>);

export interface LoopbackServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  requests: RecordedRequest[];
  /**
   * Answer requests for `route` from now on. `route` is a path with query (`/api/v1/x?page=2`),
   * optionally prefixed by a method (`POST /api/v1/x`); a method-specific route wins.
   */
  respond(route: string, response: Responder): void;
  close(): Promise<void>;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A real HTTP server on 127.0.0.1 that answers canned responses: the fake at the HTTP boundary. */
export async function startLoopbackServer(): Promise<LoopbackServer> {
  const routes = new Map<string, Responder>();
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const body = parseBody(Buffer.concat(chunks).toString('utf8'));
      const request: RecordedRequest = { method, path, headers: req.headers, body };
      requests.push(request);
      const responder = routes.get(`${method} ${path}`) ?? routes.get(path);
      void Promise.resolve(
        typeof responder === 'function'
          ? responder(request)
          : (responder ?? { status: 404, body: 'no canned response' }),
      ).then((canned) => {
        if (canned === DROP) {
          res.socket?.destroy();
          return;
        }
        const isText = typeof canned.body === 'string';
        res.writeHead(canned.status ?? 200, {
          'content-type': isText ? 'text/plain' : 'application/json',
          'access-control-allow-origin': '*',
        });
        res.end(isText ? canned.body : JSON.stringify(canned.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    requests,
    respond: (route, response) => routes.set(route, response),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
