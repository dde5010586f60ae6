import { timeRangePresetNames, type TimeRangePreset } from '@nimbus/api/shared';
import type { MetricsRange } from '../api/metricsApi';

export const defaultRange: MetricsRange = { range: '1h' };

const isPreset = (value: string | null): value is TimeRangePreset =>
  timeRangePresetNames.includes(value as TimeRangePreset);

const seconds = (value: string | null): number | undefined => {
  if (value === null || !/^[0-9]{1,12}$/.test(value)) return undefined;
  return Number(value);
};

/**
 * The time range a monitoring screen's URL names (`?range=6h`, or `?start=&end=` in Unix
 * seconds), so a link opens the same view; anything else is the default last hour.
 */
export function rangeFromParams(params: URLSearchParams): MetricsRange {
  const range = params.get('range');
  if (isPreset(range)) return { range };
  const start = seconds(params.get('start'));
  const end = seconds(params.get('end'));
  if (start !== undefined && end !== undefined && start <= end) return { start, end };
  return defaultRange;
}

/** `params` with the range written in, the other parameters kept. */
export function withRangeParams(params: URLSearchParams, range: MetricsRange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['range', 'start', 'end']) next.delete(key);
  if ('range' in range) next.set('range', range.range);
  else {
    next.set('start', String(range.start));
    next.set('end', String(range.end));
  }
  return next;
}
