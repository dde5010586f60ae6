import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/audit.js';
import { mergeSlices } from './merge.js';
import type { RecordSlice } from './record.js';

function slice(total: number, entries: [string, number][]): RecordSlice {
  return { total, items: entries.map(([id, requestTime]) => sampleRecord({ id, requestTime })) };
}

describe('merging replicas’ pages', () => {
  const local = slice(3, [
    ['l3', 90],
    ['l2', 50],
    ['l1', 10],
  ]);
  const peerA = slice(4, [
    ['a4', 100],
    ['a3', 50],
    ['a2', 40],
    ['a1', 5],
  ]);
  const peerB = slice(1, [['b1', 60]]);

  it('orders newest first across replicas, ties by id descending, and adds the totals', () => {
    const merged = mergeSlices([local, peerA, peerB], 0, 5);
    expect(merged.items.map((record) => record.id)).toEqual(['a4', 'l3', 'b1', 'l2', 'a3']);
    expect(merged.total).toBe(8);
  });

  it('cuts the requested page out of the merged order', () => {
    const merged = mergeSlices([local, peerA, peerB], 5, 5);
    expect(merged.items.map((record) => record.id)).toEqual(['a2', 'l1', 'a1']);
  });

  it('counts nothing when one replica did not count (-1), rather than a wrong sum', () => {
    const merged = mergeSlices([{ ...local, total: -1 }, peerA, peerB], 0, 5);
    expect(merged.total).toBe(-1);
    expect(merged.items).toHaveLength(5);
  });

  it('counts a record once when a replica answers twice', () => {
    const merged = mergeSlices([local, local], 0, 10);
    expect(merged.items.map((record) => record.id)).toEqual(['l3', 'l2', 'l1']);
  });
});
