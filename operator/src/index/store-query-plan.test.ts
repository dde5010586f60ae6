// How SQLite answers a list by creation time: the walk of `objects_by_created`, stopped at the
// page's end. A plan that sorts instead reads every row of the kind for each page (at a million
// objects, seconds), so the index and the sort's keyset must stay in step (schema.ts,
// store-query.ts sortColumns).
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { schema } from './schema.js';
import { buildList, type ListQuery } from './store-query.js';
import { encodeCursor } from './cursor.js';
import { everyKindIn } from './testing/scope.js';

function planOf(query: ListQuery): string[] {
  const db = new DatabaseSync(':memory:');
  try {
    db.exec(schema);
    const built = buildList(query);
    if (!built) throw new Error('no list was built');
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${built.sql}`).all(...built.params);
    return rows.map((row) => String(row.detail));
  } finally {
    db.close();
  }
}

describe('a list of one kind by creation time', () => {
  const base: ListQuery = {
    scope: [everyKindIn('a'), everyKindIn('b', ['demo'])],
    kinds: ['pods'],
    sort: 'created',
  };

  for (const order of ['asc', 'desc'] as const) {
    it(`walks objects_by_created without a sort, ${order}, from the start and after a cursor`, () => {
      const after = encodeCursor(`created.${order}`, ['2026-01-01T00:00:00Z', 7]);
      for (const query of [
        { ...base, order },
        { ...base, order, after },
      ]) {
        const plan = planOf(query);
        expect(plan.some((step) => step.includes('USING INDEX objects_by_created'))).toBe(true);
        expect(plan.filter((step) => step.includes('TEMP B-TREE'))).toEqual([]);
      }
    });
  }
});
