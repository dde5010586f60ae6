// The one Prometheus HTTP API client (instant and range queries, label names and values, series).
// Every request passes the operator's outbound policy (monitor rule: plain http only to private
// networks, docs/decisions.md), dials the checked addresses only, and is bounded: a deadline
// (also sent to Prometheus as `timeout`), a response-size cap and a series cap.
import http from 'node:http';
import https from 'node:https';
import type { Clock } from '../core/clock.js';
import { realClock } from '../core/clock.js';
import type { OutboundPolicy, Resolver } from '../clusters/ssrf-policy.js';
import { checkOutboundUrl } from '../clusters/ssrf-policy.js';
import { pinnedLookup } from '../member/transport/pinned-dial.js';

export type PrometheusFailure =
  /** The address does not pass the outbound policy. */
  | 'refused'
  /** No answer: connection failed or the deadline passed. */
  | 'unreachable'
  | 'timeout'
  /** The answer was larger than maxResponseBytes. */
  | 'too-large'
  /** Prometheus refused the query (bad PromQL, too many samples): its message is safe to show. */
  | 'bad-query'
  /** Any other non-success answer. */
  | 'failed';

export class PrometheusError extends Error {
  constructor(
    readonly failure: PrometheusFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PrometheusError';
  }
}

export type Labels = Record<string, string>;
/** [unix seconds, value]; NaN and ±Inf become null. */
export type Point = [number, number | null];

export interface InstantSample {
  labels: Labels;
  point: Point;
}
export interface RangeSeries {
  labels: Labels;
  points: Point[];
}

export type InstantResult =
  | { resultType: 'vector'; samples: InstantSample[]; truncated: boolean }
  | { resultType: 'scalar' | 'string'; samples: InstantSample[]; truncated: false };

export interface RangeResult {
  series: RangeSeries[];
  truncated: boolean;
}

export interface TimeWindow {
  start: number;
  end: number;
}

export interface StepRange extends TimeWindow {
  step: number;
}

export interface PrometheusClient {
  /** GET /api/v1/query at `time` (default: Prometheus's now). */
  instant(query: string, time?: number): Promise<InstantResult>;
  /** GET /api/v1/query_range. */
  range(query: string, range: StepRange): Promise<RangeResult>;
  /** GET /api/v1/labels, optionally only of series matching `match`. */
  labelNames(match?: string, window?: TimeWindow): Promise<string[]>;
  /** GET /api/v1/label/{name}/values (`__name__`: metric names). */
  labelValues(label: string, match?: string, window?: TimeWindow): Promise<string[]>;
  /** GET /api/v1/series: the label sets of series matching `match`. */
  series(match: string, window?: TimeWindow): Promise<Labels[]>;
}

export interface PrometheusClientOptions {
  /** The monitor's address, e.g. http://10.0.0.5:9090 or https://prom.example/prometheus. */
  baseUrl: string;
  policy: OutboundPolicy;
  resolve?: Resolver;
  clock?: Clock;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Series (or samples, names) kept from one answer; the rest are dropped and flagged. */
  maxSeries?: number;
}

export const defaultPrometheusLimits = {
  timeoutMs: 15_000,
  maxResponseBytes: 8 * 1024 * 1024,
  maxSeries: 500,
} as const;

interface ApiAnswer {
  status: 'success' | 'error';
  data?: unknown;
  errorType?: string;
  error?: string;
}

function toValue(raw: unknown): number | null {
  const value = typeof raw === 'string' ? Number(raw) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

function toPoint(raw: unknown): Point {
  const [time, value] = Array.isArray(raw) ? raw : [];
  return [typeof time === 'number' ? time : Number(time), toValue(value)];
}

function labelsOf(raw: unknown): Labels {
  return raw && typeof raw === 'object' ? (raw as Labels) : {};
}

export function createPrometheusClient(options: PrometheusClientOptions): PrometheusClient {
  const clock = options.clock ?? realClock;
  const timeoutMs = options.timeoutMs ?? defaultPrometheusLimits.timeoutMs;
  const maxBytes = options.maxResponseBytes ?? defaultPrometheusLimits.maxResponseBytes;
  const maxSeries = options.maxSeries ?? defaultPrometheusLimits.maxSeries;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function get(path: string, params: Record<string, string | undefined>): Promise<unknown> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params))
      if (value !== undefined) search.set(key, value);
    const check = await checkOutboundUrl(
      `${base}${path}?${search}`,
      options.policy,
      options.resolve,
      {
        plainHttp: 'private-network',
      },
    );
    if (!check.ok)
      throw new PrometheusError('refused', `the Prometheus address is refused: ${check.reason}`);
    const { url, addresses } = check;
    const client = url.protocol === 'https:' ? https : http;
    const body = await new Promise<string>((resolve, reject) => {
      let settled = false;
      const request = client.request(url, {
        method: 'GET',
        lookup: pinnedLookup(addresses),
        headers: { accept: 'application/json', 'user-agent': 'nimbus-operator' },
        agent: false,
      });
      const settle = (error: unknown, text?: string) => {
        if (settled) return;
        settled = true;
        clock.clearTimeout(deadline);
        if (text !== undefined) resolve(text);
        else {
          request.destroy();
          reject(
            error instanceof PrometheusError
              ? error
              : new PrometheusError(
                  'unreachable',
                  `Prometheus is unreachable: ${(error as Error).message}`,
                ),
          );
        }
      };
      const deadline = clock.setTimeout(() => {
        settle(new PrometheusError('timeout', `Prometheus did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      request.on('error', settle);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxBytes) chunks.push(chunk);
          else {
            settle(
              new PrometheusError(
                'too-large',
                `the answer is larger than ${maxBytes} bytes; narrow the query`,
              ),
            );
          }
        });
        response.on('error', settle);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          // 400/422/503 carry Prometheus's JSON error; anything else non-2xx is not its API.
          if ((status >= 200 && status < 300) || [400, 422, 503].includes(status)) {
            settle(undefined, Buffer.concat(chunks).toString('utf8'));
          } else settle(new PrometheusError('failed', `Prometheus answered HTTP ${status}`));
        });
      });
      request.end();
    });
    let answer: ApiAnswer;
    try {
      answer = JSON.parse(body) as ApiAnswer;
    } catch {
      throw new PrometheusError('failed', 'Prometheus answered something that is not its JSON API');
    }
    if (answer.status !== 'success') {
      const badQuery = answer.errorType === 'bad_data' || answer.errorType === 'execution';
      const timeout = answer.errorType === 'timeout' || answer.errorType === 'canceled';
      throw new PrometheusError(
        timeout ? 'timeout' : badQuery ? 'bad-query' : 'failed',
        `Prometheus: ${answer.error ?? answer.errorType ?? 'error'}`.slice(0, 500),
      );
    }
    return answer.data;
  }

  // Prometheus stops a query at its own timeout a little before ours, so its message wins.
  const promTimeout = `${Math.max(1, Math.floor(timeoutMs / 1000) - 1)}s`;
  const windowParams = (window?: TimeWindow) => ({
    start: window ? String(window.start) : undefined,
    end: window ? String(window.end) : undefined,
  });
  const names = (data: unknown): string[] =>
    Array.isArray(data) ? data.filter((v): v is string => typeof v === 'string') : [];

  return {
    async instant(query, time) {
      const data = (await get('/api/v1/query', {
        query,
        time: time === undefined ? undefined : String(time),
        timeout: promTimeout,
      })) as { resultType: string; result: unknown };
      if (data.resultType === 'scalar' || data.resultType === 'string') {
        return {
          resultType: data.resultType,
          samples: [{ labels: {}, point: toPoint(data.result) }],
          truncated: false,
        };
      }
      if (data.resultType === 'matrix') {
        throw new PrometheusError(
          'bad-query',
          'an instant query must not return a range vector; use a range query',
        );
      }
      const result = Array.isArray(data.result)
        ? (data.result as Array<{ metric: unknown; value: unknown }>)
        : [];
      return {
        resultType: 'vector',
        samples: result
          .slice(0, maxSeries)
          .map((r) => ({ labels: labelsOf(r.metric), point: toPoint(r.value) })),
        truncated: result.length > maxSeries,
      };
    },
    async range(query, range) {
      const data = (await get('/api/v1/query_range', {
        query,
        start: String(range.start),
        end: String(range.end),
        step: String(range.step),
        timeout: promTimeout,
      })) as { result: unknown };
      const result = Array.isArray(data.result)
        ? (data.result as Array<{ metric: unknown; values: unknown }>)
        : [];
      return {
        series: result.slice(0, maxSeries).map((r) => ({
          labels: labelsOf(r.metric),
          points: Array.isArray(r.values) ? r.values.map(toPoint) : [],
        })),
        truncated: result.length > maxSeries,
      };
    },
    async labelNames(match, window) {
      return names(await get('/api/v1/labels', { 'match[]': match, ...windowParams(window) }));
    },
    async labelValues(label, match, window) {
      return names(
        await get(`/api/v1/label/${encodeURIComponent(label)}/values`, {
          'match[]': match,
          ...windowParams(window),
        }),
      );
    },
    async series(match, window) {
      const data = await get('/api/v1/series', { 'match[]': match, ...windowParams(window) });
      return Array.isArray(data) ? data.slice(0, maxSeries).map(labelsOf) : [];
    },
  };
}
