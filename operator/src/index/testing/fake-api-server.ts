// A loopback stand-in for a member's API server: each request is answered by the next scripted
// responder, so tests drive lists, watch streams, 410s, stalls and errors in a known order.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callsOf } from '../../clusters/member-client.js';
import { createMemberTransport } from '../../member/transport/transport.js';
import { ConnectionTransport } from '../connection-transport.js';
import type { KubeObject } from '../trim.js';

export interface RecordedRequest {
  path: string;
  query: Record<string, string>;
  accept: string;
  authorization?: string;
}

export type Responder = (request: RecordedRequest, res: ServerResponse) => void;

export class FakeApiServer {
  readonly requests: RecordedRequest[] = [];
  private readonly script: Responder[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeApiServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeApiServer(server, `http://127.0.0.1:${port}`);
    server.on('request', (req, res) => fake.answer(req, res));
    return fake;
  }

  enqueue(...responders: Responder[]): void {
    this.script.push(...responders);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const recorded: RecordedRequest = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      accept: req.headers.accept ?? '',
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    };
    this.requests.push(recorded);
    // Out of script: hang like a silent server until the test closes us.
    (this.script.shift() ?? (() => undefined))(recorded, res);
  }
}

/** A page of a list; `remaining`: the objects after it, as an API server estimates them. */
export function listPage(
  items: KubeObject[],
  resourceVersion: string,
  next?: string,
  remaining?: number,
): Responder {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        kind: 'List',
        metadata: {
          resourceVersion,
          ...(next ? { continue: next } : {}),
          ...(remaining === undefined ? {} : { remainingItemCount: remaining }),
        },
        items,
      }),
    );
  };
}

/** The operator's own connection to `server`, with a bearer token. */
export function transportTo(server: FakeApiServer): ConnectionTransport {
  const transport = createMemberTransport({ server: server.url, auth: { token: 'test-token' } }, [
    '127.0.0.1',
  ]);
  return new ConnectionTransport(() => Promise.resolve(callsOf(transport, 'operator')));
}

export interface StreamEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: unknown;
}

/** Streams `events` one chunk each; leaves the stream open (a live watch) unless `end`. */
export function watchStream(events: StreamEvent[], end = false): Responder {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
    let at = 0;
    const next = () => {
      const event = events[at++];
      if (event === undefined) {
        if (end) {
          res.end();
        }
        return;
      }
      res.write(`${JSON.stringify(event)}\n`, () => setTimeout(next, 5));
    };
    next();
  };
}

export function status(code: number): Responder {
  return (_req, res) => {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ kind: 'Status', status: 'Failure', code, message: `fake ${code}` }));
  };
}

export function pod(name: string, resourceVersion: string, extra: Partial<KubeObject> = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'demo',
      uid: `uid-${name}`,
      resourceVersion,
      creationTimestamp: '2026-01-01T00:00:00Z',
    },
    ...extra,
  } satisfies KubeObject;
}

export function bookmark(resourceVersion: string): StreamEvent {
  return { type: 'BOOKMARK', object: { kind: 'Pod', metadata: { resourceVersion } } };
}
