// Filling the catalogue's placeholders and bounding time ranges: the pure part of the metrics API.
import type { TimeRangeQuery } from '@nimbus/api';
import { maxPointsPerSeries, minStepSeconds, timeRangePresets } from '@nimbus/api/shared';
import type { StepRange } from './prometheus-client.js';

/** A PromQL string literal's content: backslashes and double quotes escaped. */
export function promqlString(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** RE2 metacharacters escaped, so a user's text matches itself inside =~. */
export function regexLiteral(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Placeholders {
  /** Exact node name; absent: every node. */
  node?: string;
  namespace?: string;
  pod?: string;
  /** Exact probed address; absent: every address. */
  address?: string;
  /** Text a pod name contains (search). */
  podContains?: string;
}

/** The catalogue's query with $node, $namespace, $pod and $address filled in, escaped. */
export function fillQuery(query: string, values: Placeholders): string {
  const exactOrAll = (value: string | undefined) =>
    value === undefined ? '.+' : promqlString(regexLiteral(value));
  const pod =
    values.podContains !== undefined
      ? `.*${promqlString(regexLiteral(values.podContains))}.*`
      : promqlString(values.pod ?? '');
  return query
    .replaceAll('$node', exactOrAll(values.node))
    .replaceAll('$address', exactOrAll(values.address))
    .replaceAll('$namespace', promqlString(values.namespace ?? ''))
    .replaceAll('$pod', pod);
}

/** Points aimed at when the caller gives no step: enough for a chart, cheap for Prometheus. */
const targetPoints = 240;

/**
 * The query's range in Unix seconds: a preset ending now (default 1h) or the custom
 * start/end, with a step of at least minStepSeconds, never so fine that a series exceeds
 * maxPointsPerSeries (the schema has already refused start after end and over-long ranges).
 */
export function resolveRange(query: TimeRangeQuery, nowSeconds: number): StepRange {
  const end = query.end ?? Math.floor(nowSeconds);
  const start = query.start ?? end - timeRangePresets[query.range ?? '1h'];
  const span = Math.max(0, end - start);
  const coarsest = Math.ceil(span / (maxPointsPerSeries - 1));
  const wanted = query.step ?? Math.ceil(span / targetPoints);
  const step = Math.max(minStepSeconds, wanted, coarsest);
  // Prometheus evaluates at start, start + step, …: moving start up to a whole number of steps
  // before the end puts the last point at the end, so the newest samples are always shown (with a
  // coarse step the last point could otherwise fall up to a step before them, or before a new
  // cluster's first sample).
  return { start: end - Math.floor(span / step) * step, end, step };
}

/** Whether the caller asked for a range (proxy: without one the query is instant). */
export function hasRange(query: TimeRangeQuery): boolean {
  return query.range !== undefined || query.start !== undefined;
}

/** The keys asked for (comma-separated), in catalogue order; none asked: all. */
export function pickMetrics<T extends { key: string }>(
  catalogue: readonly T[],
  keys: string | undefined,
): T[] {
  const wanted = (keys ?? '').split(',').filter((key) => key !== '');
  if (wanted.length === 0) return [...catalogue];
  const unknown = wanted.filter((key) => !catalogue.some((metric) => metric.key === key));
  if (unknown.length > 0) throw new UnknownMetricError(unknown);
  return catalogue.filter((metric) => wanted.includes(metric.key));
}

export class UnknownMetricError extends Error {
  constructor(readonly keys: string[]) {
    super(`unknown metric ${keys.join(', ')}`);
    this.name = 'UnknownMetricError';
  }
}
