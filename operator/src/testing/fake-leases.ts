import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';

/** A loopback stand-in for the coordination API: one Lease with resourceVersion checks. */
export interface FakeLeases {
  kubeConfig: KubeConfig;
  lease(): { spec?: Record<string, unknown> } | undefined;
  failing: boolean;
  close(): Promise<void>;
}

export async function fakeLeases(): Promise<FakeLeases> {
  let stored: { metadata: Record<string, unknown>; spec?: Record<string, unknown> } | undefined;
  let version = 0;
  const state = { failing: false };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const conflict = { kind: 'Status', code: 409, reason: 'Conflict', message: 'conflict' };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      if (state.failing) return send(res, 500, { kind: 'Status', code: 500, message: 'down' });
      const body = text ? (JSON.parse(text) as typeof stored) : undefined;
      if (req.method === 'GET') {
        return stored
          ? send(res, 200, stored)
          : send(res, 404, { kind: 'Status', code: 404, reason: 'NotFound' });
      }
      if (req.method === 'POST') {
        if (stored || !body) return send(res, 409, conflict);
        stored = { ...body, metadata: { ...body.metadata, resourceVersion: String(++version) } };
        return send(res, 201, stored);
      }
      if (req.method === 'PUT' && body) {
        if (!stored || body.metadata.resourceVersion !== stored.metadata.resourceVersion) {
          return send(res, 409, conflict);
        }
        stored = { ...body, metadata: { ...body.metadata, resourceVersion: String(++version) } };
        return send(res, 200, stored);
      }
      send(res, 405, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'hub', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'u', token: 't' }],
    contexts: [{ name: 'c', cluster: 'hub', user: 'u' }],
    currentContext: 'c',
  });
  return {
    kubeConfig,
    lease: () => stored,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
