import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The loopback HTTP server under the cloud-vendor fakes. Each fake supplies only its handler: the
 * vendor's signature check and answer. Requests are recorded so tests can assert on what was sent.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** First value of each header, by lower-case name. */
  headers: Record<string, string>;
  body: string;
}

export interface FakeReply {
  status: number;
  body: unknown;
}

export interface RunningFake {
  url: string;
  received: FakeRequest[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

async function readRequest(req: IncomingMessage): Promise<FakeRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.byteLength;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(buffer);
  }
  const url = new URL(req.url ?? '/', 'http://fake.invalid');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? (value[0] ?? '') : value;
  }
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    headers,
    body: Buffer.concat(chunks).toString('utf8'),
  };
}

export async function startVendorFake(
  handle: (request: FakeRequest) => FakeReply,
): Promise<RunningFake> {
  const received: FakeRequest[] = [];
  const server = createServer((req, res) => {
    readRequest(req)
      .then((request) => {
        received.push(request);
        const reply = handle(request);
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      })
      .catch(() => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end('{}');
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Whether a signed date is within `maxSkewMs` of the fake's clock, as vendors require. */
export function isFresh(signedAt: Date | undefined, now: Date, maxSkewMs: number): boolean {
  return signedAt !== undefined && Math.abs(now.getTime() - signedAt.getTime()) <= maxSkewMs;
}
