import { HISTORY_TRIM_THRESHOLD, RECORD_KEYS } from '../constants';
import { localStore } from './localStore';

/** A recent history record: a visited detail page. */
export interface HistoryRecord {
  vendor: string;
  region: string;
  cluster: string;
  namespace?: string;
  name: string;
  type: string;
  /** Path and query of the detail page; records are de-duplicated by it. */
  fullPath: string;
}

/**
 * Puts `record` first and drops an older visit of the same path. The history is trimmed when it
 * holds more than HISTORY_TRIM_THRESHOLD (8) other entries: only the 8 newest of them stay, so
 * with the new visit at most 9 are kept.
 */
export function addToHistory(
  history: readonly HistoryRecord[],
  record: HistoryRecord,
): HistoryRecord[] {
  const others = history.filter((entry) => entry.fullPath !== record.fullPath);
  const kept =
    others.length > HISTORY_TRIM_THRESHOLD ? others.slice(0, HISTORY_TRIM_THRESHOLD) : others;
  return [record, ...kept];
}

const isRecord = (value: unknown): value is HistoryRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { fullPath?: unknown }).fullPath === 'string' &&
  typeof (value as { name?: unknown }).name === 'string';

export function readHistory(): HistoryRecord[] {
  try {
    const parsed: unknown = JSON.parse(localStore()?.getItem(RECORD_KEYS.history) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
  } catch {
    return [];
  }
}

export function recordVisit(record: HistoryRecord): void {
  localStore()?.setItem(RECORD_KEYS.history, JSON.stringify(addToHistory(readHistory(), record)));
}

export function clearHistory(): void {
  localStore()?.removeItem(RECORD_KEYS.history);
}

/**
 * The history record of a detail page URL (`/detail/:type/:name?vendor&region&cluster&namespace`),
 * or undefined for any other page.
 */
export function historyRecordOf(url: URL): HistoryRecord | undefined {
  const match = /^\/detail\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
  if (!match?.[1] || !match[2]) return undefined;
  const query = url.searchParams;
  const namespace = query.get('namespace');
  return {
    type: decodeURIComponent(match[1]),
    name: decodeURIComponent(match[2]),
    vendor: query.get('vendor') ?? '',
    region: query.get('region') ?? '',
    cluster: query.get('cluster') ?? '',
    ...(namespace ? { namespace } : {}),
    fullPath: url.pathname + url.search,
  };
}
