import type { AuditQuery } from '@nimbus/api';
import type { TIME_RANGE_MINUTES } from '../../constants';

export type QuickRange = (typeof TIME_RANGE_MINUTES)[number];
export const CUSTOM_RANGE = 'custom';
export type RangeChoice = QuickRange | typeof CUSTOM_RANGE;

/** Anything that knows its instant in epoch milliseconds, such as the date pickers' values. */
export interface Instant {
  valueOf(): number;
}

export interface AuditFilterValues {
  user?: string;
  resource?: string;
  method?: string;
  status?: number | null;
  range: RangeChoice;
  /** Only for the custom range. */
  start?: Instant | null;
  end?: Instant | null;
}

export const DEFAULT_RANGE: QuickRange = 1440;
export const AUDIT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** SPEC §5: a time range whose start is later than its end is refused. */
export const isTimeOrderValid = (start?: Instant | null, end?: Instant | null): boolean =>
  !start || !end || start.valueOf() <= end.valueOf();

const iso = (instant: Instant | null | undefined): string | undefined =>
  instant ? new Date(instant.valueOf()).toISOString() : undefined;

const text = (value: string | undefined): string | undefined => value?.trim() || undefined;

/**
 * The filters as the audit endpoint's query, page excluded. A quick range ends now; a custom
 * range sends the bounds it has.
 */
export function auditFilterQuery(
  values: AuditFilterValues,
  now: Date,
): Omit<AuditQuery, 'page' | 'pageSize'> {
  const range =
    values.range === CUSTOM_RANGE
      ? { from: iso(values.start), to: iso(values.end) }
      : {
          from: new Date(now.getTime() - values.range * 60_000).toISOString(),
          to: now.toISOString(),
        };
  return {
    user: text(values.user),
    resource: text(values.resource),
    method: values.method || undefined,
    status: values.status ?? undefined,
    ...range,
  };
}

/** Request header and body as indented JSON; text that is not JSON is shown as it is. */
export function formatJson(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'string') return JSON.stringify(value, null, 2);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}
