import { afterEach, describe, expect, it } from 'vitest';
import { runJob } from '../controllers/jobs.js';
import { sampleRecord } from '../testing/audit.js';
import {
  auditStoreKinds,
  cleanUpAuditStores,
  openPostgresForTest,
} from '../testing/audit-stores.js';
import { fakeClock } from '../testing/fake-clock.js';
import { captureLogs } from '../testing/logs.js';
import { auditRetentionJob, pruneAudit } from './retention.js';
import type { AuditStore } from './store.js';

cleanUpAuditStores();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const sqlite = auditStoreKinds.find((kind) => kind.name === 'SQLite');
const openSqlite = async (): Promise<AuditStore> => {
  if (!sqlite) throw new Error('no SQLite store kind');
  return (await sqlite.open()).store;
};

const day = 86_400_000;
const start = Date.UTC(2031, 0, 1);
const body = (n: number) => JSON.stringify({ note: 'x'.repeat(2000), n });

/** Records `step` ms apart, shuffled on the way in so the storage order is not the time order. */
async function fill(
  store: AuditStore,
  count: number,
  step = 60_000,
  from = start,
): Promise<string[]> {
  const made = Array.from({ length: count }, (_, i) =>
    sampleRecord({
      id: `r${String(i).padStart(5, '0')}`,
      requestTime: from + i * step,
      requestBody: body(i),
    }),
  );
  const shuffled = [...made].sort((a, b) => (a.id.charCodeAt(5) % 7) - (b.id.charCodeAt(5) % 7));
  await store.append(shuffled);
  return made.map((record) => record.id);
}

const kept = async (store: AuditStore): Promise<string[]> =>
  (await store.query({}, { offset: 0, limit: 10_000 })).items.map((record) => record.id).reverse();

describe('audit retention in the SQLite file', () => {
  it('prunes by size oldest first, down to the limit', async () => {
    const store = await openSqlite();
    const made = await fill(store, 600);
    const before = await store.usedBytes();
    const limit = Math.floor(before / 2);
    const { byAge, bySize } = await pruneAudit(store, { maxAgeDays: 3650, maxBytes: limit }, start);
    expect(byAge).toBe(0);
    expect(bySize).toBeGreaterThan(0);
    expect(await store.usedBytes()).toBeLessThanOrEqual(limit);
    const survivors = await kept(store);
    // Exactly the newest ones survive: a suffix of the records in time order.
    expect(survivors).toEqual(made.slice(made.length - survivors.length));
    expect(survivors.length).toBeGreaterThan(100);
  });

  it('prunes records of the same millisecond in the order they were written', async () => {
    const store = await openSqlite();
    // Ids against the writing order: a tie broken by id would keep the oldest.
    const written = Array.from({ length: 400 }, (_, i) =>
      sampleRecord({ id: `r${String(999 - i)}`, requestTime: start, requestBody: body(i) }),
    );
    for (let i = 0; i < written.length; i += 50) await store.append(written.slice(i, i + 50));
    const limit = Math.floor((await store.usedBytes()) / 2);
    await pruneAudit(store, { maxAgeDays: 3650, maxBytes: limit }, start);
    const survivors = new Set(await kept(store));
    const ids = written.map((record) => record.id);
    expect(survivors.size).toBeGreaterThan(50);
    expect(ids.filter((id) => survivors.has(id))).toEqual(ids.slice(ids.length - survivors.size));
  });
});

describe('audit retention in PostgreSQL', () => {
  const week = 7 * day;

  it('drops whole months, oldest first, until the size fits, and never the newest', async () => {
    const { store } = await openPostgresForTest();
    // Twelve records a week from January to the end of March 2031: three monthly partitions.
    const made = await fill(store, 36, week / 3);
    const march = made.filter((_, i) => start + (i * week) / 3 >= Date.UTC(2031, 2, 1));
    const removed = await pruneAudit(store, { maxAgeDays: 3650, maxBytes: 1 }, start);
    expect(removed.byAge).toBe(0);
    expect(removed.bySize).toBe(made.length - march.length);
    expect(await kept(store)).toEqual(march);
  });

  it('drops the months past the cut-off and deletes the older rows of the month it falls in', async () => {
    const { store } = await openPostgresForTest();
    const made = await fill(store, 36, week / 3);
    const cutOff = Date.UTC(2031, 1, 10);
    const removed = await pruneAudit(store, { maxAgeDays: 1, maxBytes: 1e12 }, cutOff + day);
    const younger = made.filter((_, i) => start + (i * week) / 3 >= cutOff);
    expect(removed).toEqual({ byAge: made.length - younger.length, bySize: 0 });
    expect(await kept(store)).toEqual(younger);
    // The dropped month comes back when a record of it arrives (a late batch).
    await store.append([sampleRecord({ id: 'late', requestTime: start + 1 })]);
    expect((await kept(store))[0]).toBe('late');
  });
});

describe.each(auditStoreKinds)('audit retention on $name', (kind) => {
  it('prunes by age whatever the size, and leaves a store within both limits alone', async () => {
    const { store } = await kind.open();
    const made = await fill(store, 50);
    expect(await pruneAudit(store, { maxAgeDays: 1, maxBytes: 1e12 }, start + day)).toEqual({
      byAge: 0,
      bySize: 0,
    });
    // One day and ten minutes after the first record: the first ten are past a day old.
    expect(
      await pruneAudit(store, { maxAgeDays: 1, maxBytes: 1e12 }, start + day + 10 * 60_000),
    ).toEqual({ byAge: 10, bySize: 0 });
    expect(await kept(store)).toEqual(made.slice(10));
  });

  it('runs on its interval on the fake clock, never before', async () => {
    const { store } = await kind.open();
    const made = await fill(store, 20);
    const clock = fakeClock(start + day);
    const job = runJob(
      auditRetentionJob(
        store,
        { maxAgeDays: 1, maxBytes: 1e12, intervalMs: 3_600_000 },
        clock,
        captureLogs().logger,
      ),
      { clock, logger: captureLogs().logger },
    );
    cleanups.push(() => job.stop());
    await clock.run(3_599_999);
    expect(await kept(store)).toEqual(made);
    await clock.run(1);
    await job.idle();
    // An hour on, records older than a day (the first 60 minutes' worth: all 20) are gone.
    expect(await kept(store)).toEqual([]);
  });
});
