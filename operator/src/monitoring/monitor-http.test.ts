import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemberTransport } from '../member/transport/transport.js';
import { serviceProxyId } from '@nimbus/api/shared';
import { callsOf } from '../clusters/member-client.js';
import { MonitorCallError, serviceProxyHttp } from './monitor-http.js';
import { PrometheusError, createPrometheusClient } from './prometheus-client.js';

// A member API server at the HTTP boundary; the real service proxy is exercised by
// tests/integration/monitor-boundaries.test.ts.
const closers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

interface Seen {
  method: string;
  url: string;
  user: string | undefined;
  body: string;
}

async function member(answer: (seen: Seen, res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const call = {
        method: req.method ?? '',
        url: req.url ?? '',
        user: req.headers['impersonate-user'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(call);
      answer(call, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const transport = createMemberTransport(
    { server: `http://member.invalid:${port}`, auth: { token: 't' } },
    ['127.0.0.1'],
  );
  closers.push(
    () => transport.close(),
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { seen, transport };
}

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const prometheusService = {
  namespace: 'monitoring',
  name: 'prometheus',
  port: 9090,
  scheme: 'http' as const,
};
const limits = { timeoutMs: 5_000, maxBytes: 1_000_000 };

describe('a monitor Service through the member API server service proxy', () => {
  it('asks the proxy path of the Service as the impersonated caller', async () => {
    const { seen, transport } = await member((_call, res) =>
      json(res, 200, { status: 'success', data: { resultType: 'vector', result: [] } }),
    );
    const client = createPrometheusClient({
      http: serviceProxyHttp(callsOf(transport, { user: 'alice' }), prometheusService),
    });
    await client.instant('up', 10);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.user).toBe('nimbus:alice');
    const url = new URL(seen[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe(
      '/api/v1/namespaces/monitoring/services/http:prometheus:9090/proxy/api/v1/query',
    );
    expect(url.searchParams.get('query')).toBe('up');
  });

  it('names the Service the way RBAC sees it', () => {
    expect(serviceProxyId(prometheusService)).toBe('http:prometheus:9090');
    expect(serviceProxyId({ ...prometheusService, scheme: 'https', port: 443 })).toBe(
      'https:prometheus:443',
    );
  });

  it("turns the member's refusal into a forbidden failure with the member's reason", async () => {
    const reason =
      'services "http:prometheus:9090" is forbidden: User "nimbus:bob" cannot get resource "services/proxy" in API group "" in the namespace "monitoring"';
    const { transport } = await member((_call, res) =>
      json(res, 403, {
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        message: reason,
        code: 403,
      }),
    );
    const client = createPrometheusClient({
      http: serviceProxyHttp(callsOf(transport, { user: 'bob' }), prometheusService),
    });
    const error = await client.instant('up').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrometheusError);
    expect(error).toMatchObject({ failure: 'forbidden', message: reason });
  });

  it("tells a missing Service or endpoint from the monitor's own error answers", async () => {
    const { transport } = await member((call, res) => {
      if (call.url.includes('/missing')) {
        json(res, 404, { kind: 'Status', apiVersion: 'v1', message: 'services "nope" not found' });
      } else json(res, 400, { status: 'error', errorType: 'bad_data', error: 'parse error' });
    });
    const proxy = serviceProxyHttp(callsOf(transport, 'operator'), prometheusService);
    const missing = await proxy
      .request({ method: 'GET', path: '/missing' }, limits)
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(MonitorCallError);
    expect(missing).toMatchObject({ failure: 'unreachable' });
    expect((missing as Error).message).toContain('monitoring/prometheus:9090 was not found');
    const own = await proxy.request({ method: 'GET', path: '/api/v1/query' }, limits);
    expect(own.status).toBe(400);
  });

  it('posts JSON bodies as the operator (the alarms mirror) without impersonating anyone', async () => {
    const { seen, transport } = await member((_call, res) => json(res, 200, { silenceID: 'x' }));
    const alertmanager = { ...prometheusService, name: 'alertmanager', port: 9093 };
    const answer = await serviceProxyHttp(callsOf(transport, 'operator'), alertmanager).request(
      { method: 'POST', path: '/api/v2/silences', body: { comment: 'c' } },
      limits,
    );
    expect(answer.status).toBe(200);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      user: undefined,
      body: '{"comment":"c"}',
    });
    expect(seen[0]?.url).toBe(
      '/api/v1/namespaces/monitoring/services/http:alertmanager:9093/proxy/api/v2/silences',
    );
  });
});
