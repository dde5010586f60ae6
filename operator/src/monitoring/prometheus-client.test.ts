import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../core/clock.js';
import { directHttp } from './direct-http.js';
import type { PrometheusClientOptions } from './prometheus-client.js';
import { PrometheusError, createPrometheusClient } from './prometheus-client.js';

// A stand-in for Prometheus's HTTP API at the HTTP boundary; the real one is exercised by
// tests/integration/metrics.test.ts.
type Handler = (url: URL, res: http.ServerResponse) => void;
let server: http.Server | undefined;
const seen: URL[] = [];

type Limits = Omit<PrometheusClientOptions, 'http'> & { clock?: Clock };

/** A Prometheus a system administrator set as a direct URL. */
const direct = (baseUrl: string, allowHosts: string[], { clock, ...limits }: Limits = {}) =>
  createPrometheusClient({
    http: directHttp({ baseUrl, policy: { allowHosts }, ...(clock ? { clock } : {}) }),
    ...limits,
  });

async function prometheus(handler: Handler, options: Limits = {}) {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(url);
    handler(url, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return direct(`http://127.0.0.1:${port}/`, [`127.0.0.1:${port}`], options);
}

const answer = (res: http.ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

afterEach(async () => {
  seen.length = 0;
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

function failureOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof PrometheusError ? error.failure : String(error)),
  );
}

describe('Prometheus client', () => {
  it('sends instant queries with a timeout Prometheus enforces itself, and reads vectors', async () => {
    const client = await prometheus((_url, res) =>
      answer(res, {
        status: 'success',
        data: {
          resultType: 'vector',
          result: [
            { metric: { job: 'a' }, value: [10, '1.5'] },
            { metric: {}, value: [10, 'NaN'] },
          ],
        },
      }),
    );
    const result = await client.instant('up', 10);
    expect(result.samples).toEqual([
      { labels: { job: 'a' }, point: [10, 1.5] },
      { labels: {}, point: [10, null] },
    ]);
    expect(seen[0]?.pathname).toBe('/api/v1/query');
    expect(Object.fromEntries(seen[0]?.searchParams ?? [])).toEqual({
      query: 'up',
      time: '10',
      timeout: '14s',
    });
  });

  it('keeps at most maxSeries series of a range query and says so', async () => {
    const series = [1, 2, 3].map((n) => ({
      metric: { n: String(n) },
      values: [
        [1, '1'],
        [2, '+Inf'],
      ],
    }));
    const client = await prometheus(
      (_url, res) =>
        answer(res, { status: 'success', data: { resultType: 'matrix', result: series } }),
      {
        maxSeries: 2,
      },
    );
    const result = await client.range('x', { start: 1, end: 2, step: 1 });
    expect(result.truncated).toBe(true);
    expect(result.series).toEqual([
      {
        labels: { n: '1' },
        points: [
          [1, 1],
          [2, null],
        ],
      },
      {
        labels: { n: '2' },
        points: [
          [1, 1],
          [2, null],
        ],
      },
    ]);
  });

  it("reports Prometheus's refusal of bad PromQL as bad-query with its message", async () => {
    const client = await prometheus((_url, res) =>
      answer(res, { status: 'error', errorType: 'bad_data', error: 'parse error at char 4' }, 400),
    );
    const error = await client.instant('sum(').catch((e: unknown) => e as PrometheusError);
    expect(error).toMatchObject({
      failure: 'bad-query',
      message: 'Prometheus: parse error at char 4',
    });
  });

  it('stops reading an answer larger than the bound', async () => {
    const client = await prometheus(
      (_url, res) => answer(res, { status: 'success', data: 'x'.repeat(5_000) }),
      {
        maxResponseBytes: 1_000,
      },
    );
    expect(await failureOf(client.labelNames())).toBe('too-large');
  });

  it('gives up at its deadline (a fake clock: no wall-clock wait)', async () => {
    const timers: Array<() => void> = [];
    const clock: Clock = {
      now: () => 0,
      setTimeout: (callback) => timers.push(callback),
      clearTimeout: () => undefined,
    };
    const client = await prometheus(() => undefined, { clock, timeoutMs: 5_000 });
    const pending = failureOf(client.series('up'));
    while (seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
    timers.forEach((fire) => fire());
    expect(await pending).toBe('timeout');
  });

  it('never dials an address the monitor rule refuses', async () => {
    const client = direct('http://8.8.8.8:9090', []);
    expect(await failureOf(client.instant('up'))).toBe('refused');
    const loopback = direct('http://127.0.0.1:9', []);
    expect(await failureOf(loopback.instant('up'))).toBe('refused');
  });

  it('asks label values and series with match[] and the window', async () => {
    const client = await prometheus((url, res) =>
      answer(res, {
        status: 'success',
        data: url.pathname.endsWith('/values') ? ['a', 'b'] : [{ __name__: 'up' }],
      }),
    );
    expect(await client.labelValues('__name__', 'up', { start: 1, end: 2 })).toEqual(['a', 'b']);
    expect(seen[0]?.pathname).toBe('/api/v1/label/__name__/values');
    expect(seen[0]?.searchParams.get('match[]')).toBe('up');
    expect(seen[0]?.searchParams.get('start')).toBe('1');
    expect(await client.series('up')).toEqual([{ __name__: 'up' }]);
  });
});
