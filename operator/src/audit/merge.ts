import type { AuditRecord, RecordSlice } from './record.js';
import { compareNewestFirst } from './record.js';

/**
 * One page out of several replicas' answers. Each slice must hold that replica's newest
 * `offset + limit` matches, so the merged order is exact; totals add up.
 */
export function mergeSlices(
  slices: readonly RecordSlice[],
  offset: number,
  limit: number,
): RecordSlice {
  const seen = new Set<string>();
  const all: AuditRecord[] = [];
  for (const slice of slices) {
    for (const record of slice.items) {
      // A replica listed twice (a static peer list that names itself) must not double a record.
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      all.push(record);
    }
  }
  all.sort(compareNewestFirst);
  // -1 is "not counted" (an export's pages): a sum with it would be a wrong count, not none.
  const uncounted = slices.some((slice) => slice.total < 0);
  const total = uncounted ? -1 : slices.reduce((sum, slice) => sum + slice.total, 0);
  return { items: all.slice(offset, offset + limit), total };
}
