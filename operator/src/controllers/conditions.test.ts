import { describe, expect, it } from 'vitest';
import {
  condition,
  conditionsDiffer,
  fine,
  mergeConditions,
  statusChange,
  wrong,
} from './conditions.js';

const t0 = new Date('2030-01-01T00:00:00Z');
const t1 = new Date('2030-01-01T00:05:00Z');

describe('status conditions', () => {
  it('move lastTransitionTime only when the status flips, and keep foreign conditions', () => {
    const first = mergeConditions([], [condition('Valid', fine('Ok', 'fine'), 1)], t0);
    expect(first).toEqual([
      {
        type: 'Valid',
        status: 'True',
        observedGeneration: 1,
        reason: 'Ok',
        message: 'fine',
        lastTransitionTime: t0.toISOString(),
      },
    ]);
    const same = mergeConditions(first, [condition('Valid', fine('Ok', 'fine'), 1)], t1);
    expect(conditionsDiffer(first, same)).toBe(false);
    const other = { ...first[0], type: 'Synced' } as (typeof first)[number];
    const flipped = mergeConditions(
      [...first, other],
      [condition('Valid', wrong('Bad', 'no'), 2)],
      t1,
    );
    expect(flipped.map((c) => [c.type, c.status, c.lastTransitionTime])).toEqual([
      ['Synced', 'True', t0.toISOString()],
      ['Valid', 'False', t1.toISOString()],
    ]);
  });

  it('asks for a write when only the reason, message or observedGeneration changes, keeping the time', () => {
    const stored = mergeConditions([], [condition('Ready', fine('A', 'one'), 1)], t0);
    for (const desired of [
      condition('Ready', fine('B', 'one'), 1),
      condition('Ready', fine('A', 'two'), 1),
      condition('Ready', fine('A', 'one'), 2),
    ]) {
      const change = statusChange(stored, [desired], t1);
      expect(change.conditions?.[0]?.lastTransitionTime).toBe(t0.toISOString());
      expect(change.transitions).toEqual([]);
    }
  });

  it('writes nothing when the stored conditions are already right, whatever the time', () => {
    const stored = mergeConditions([], [condition('Ready', fine('A', 'one'), 1)], t0);
    expect(statusChange(stored, [condition('Ready', fine('A', 'one'), 1)], t1)).toEqual({
      conditions: undefined,
      transitions: [],
    });
  });

  it('reports the transitions a merge makes, for Events', () => {
    const stored = mergeConditions([], [condition('Ready', fine('A', 'one'))], t0);
    const change = statusChange(
      stored,
      [condition('Ready', wrong('Down', 'no')), condition('Organization', fine('Owned', 'acme'))],
      t1,
    );
    expect(change.transitions).toEqual([
      { type: 'Ready', from: 'True', to: 'False' },
      { type: 'Organization', from: undefined, to: 'True' },
    ]);
  });
});
