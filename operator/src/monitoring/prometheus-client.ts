// The one Prometheus HTTP API client (instant and range queries, label names and values, series)
// over a MonitorHttp: the member's service proxy as the caller, or a system administrator's
// direct URL (monitor-http.ts). Every request is bounded: a deadline (also sent to Prometheus as
// `timeout`), a response-size cap and a series cap.
import type { MonitorHttp } from './monitor-http.js';
import { MonitorCallError } from './monitor-http.js';

export type PrometheusFailure =
  /** The address does not pass the outbound policy. */
  | 'refused'
  /** The member cluster's RBAC refused the caller; its reason is safe to show. */
  | 'forbidden'
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
  /** How the Prometheus is reached: the member's service proxy as the caller, or a direct URL. */
  http: MonitorHttp;
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
  const timeoutMs = options.timeoutMs ?? defaultPrometheusLimits.timeoutMs;
  const maxBytes = options.maxResponseBytes ?? defaultPrometheusLimits.maxResponseBytes;
  const maxSeries = options.maxSeries ?? defaultPrometheusLimits.maxSeries;

  async function get(path: string, query: Record<string, string | undefined>): Promise<unknown> {
    let reply;
    try {
      reply = await options.http.request({ method: 'GET', path, query }, { timeoutMs, maxBytes });
    } catch (error) {
      if (!(error instanceof MonitorCallError)) throw error;
      const message =
        error.failure === 'too-large'
          ? `the answer is larger than ${maxBytes} bytes; narrow the query`
          : error.failure === 'forbidden'
            ? error.message
            : `Prometheus: ${error.message}`;
      throw new PrometheusError(error.failure, message);
    }
    // 400/422/503 carry Prometheus's JSON error; anything else non-2xx is not its API.
    const status = reply.status;
    if (!((status >= 200 && status < 300) || [400, 422, 503].includes(status)))
      throw new PrometheusError('failed', `Prometheus answered HTTP ${status}`);
    const body = reply.body.toString('utf8');
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
