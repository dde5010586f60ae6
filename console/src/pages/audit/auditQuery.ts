import type { AuditExportFormat, AuditPreset, AuditQuery } from '@nimbus/api';
import { API_BASE_PATH, type TIME_RANGE_MINUTES } from '../../constants';
import { endpointUrl } from '../../apiClient/endpointUrl';

export type QuickRange = (typeof TIME_RANGE_MINUTES)[number];
export const CUSTOM_RANGE = 'custom';
export type RangeChoice = QuickRange | typeof CUSTOM_RANGE;

/** Anything that knows its instant in epoch milliseconds, such as the date pickers' values. */
export interface Instant {
  valueOf(): number;
}

/** The presets of the list, `all` for none; operations people look for come first. */
export const AUDIT_PRESETS = [
  'changes',
  'checks',
  'signIns',
  'refusals',
] as const satisfies AuditPreset[];
export type PresetChoice = AuditPreset | 'all';

export interface AuditFilterValues {
  preset?: PresetChoice;
  user?: string;
  organization?: string;
  cluster?: string;
  /** A contract operation id (`installRelease`). */
  operation?: string;
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

/** A time range whose start is later than its end is refused. */
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
    preset: values.preset === 'all' ? undefined : values.preset,
    user: text(values.user),
    organization: text(values.organization),
    cluster: text(values.cluster),
    operation: values.operation || undefined,
    resource: text(values.resource),
    method: values.method || undefined,
    status: values.status ?? undefined,
    ...range,
  };
}

/**
 * The export download of the list's current filters (no paging): a plain link, so the browser
 * streams it to a file with the session cookie; GETs need no CSRF header.
 */
export function auditExportUrl(
  filters: Omit<AuditQuery, 'page' | 'pageSize'>,
  format: AuditExportFormat,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  params.set('format', format);
  return `${API_BASE_PATH}${endpointUrl('exportAuditRecords', {})}?${params.toString()}`;
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
