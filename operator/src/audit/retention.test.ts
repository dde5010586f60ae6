import { afterEach, describe, expect, it } from 'vitest';
import { runJob } from '../controllers/jobs.js';
import { sampleRecord, tempDataDir } from '../testing/audit.js';
import { fakeClock } from '../testing/fake-clock.js';
import { captureLogs } from '../testing/logs.js';
import { auditRetentionJob, pruneAudit } from './retention.js';
import type { AuditStore } from './store.js';
import { openAuditStore } from './store.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function open(): AuditStore {
  const data = tempDataDir();
  const store = openAuditStore(data.dir);
  cleanups.push(() => store.close(), data.remove);
  return store;
}

const day = 86_400_000;
const start = Date.UTC(2031, 0, 1);
const body = (n: number) => JSON.stringify({ note: 'x'.repeat(2000), n });

/** Records one a minute, shuffled on the way in so the file order is not the time order. */
function fill(store: AuditStore, count: number): string[] {
  const made = Array.from({ length: count }, (_, i) =>
    sampleRecord({
      id: `r${String(i).padStart(5, '0')}`,
      requestTime: start + i * 60_000,
      requestBody: body(i),
    }),
  );
  const shuffled = [...made].sort((a, b) => (a.id.charCodeAt(5) % 7) - (b.id.charCodeAt(5) % 7));
  store.append(shuffled);
  return made.map((record) => record.id);
}

const kept = (store: AuditStore): string[] =>
  store
    .query({}, { offset: 0, limit: 10_000 })
    .items.map((record) => record.id)
    .reverse();

describe('audit retention', () => {
  it('prunes by size oldest first, down to the limit', () => {
    const store = open();
    const made = fill(store, 600);
    const before = store.usedBytes();
    const limit = Math.floor(before / 2);
    const { byAge, bySize } = pruneAudit(store, { maxAgeDays: 3650, maxBytes: limit }, start);
    expect(byAge).toBe(0);
    expect(bySize).toBeGreaterThan(0);
    expect(store.usedBytes()).toBeLessThanOrEqual(limit);
    const survivors = kept(store);
    // Exactly the newest ones survive: a suffix of the records in time order.
    expect(survivors).toEqual(made.slice(made.length - survivors.length));
    expect(survivors.length).toBeGreaterThan(100);
  });

  it('prunes by age whatever the size, and leaves a store within both limits alone', () => {
    const store = open();
    const made = fill(store, 50);
    expect(pruneAudit(store, { maxAgeDays: 1, maxBytes: 1e12 }, start + day)).toEqual({
      byAge: 0,
      bySize: 0,
    });
    // One day and ten minutes after the first record: the first ten are past a day old.
    expect(pruneAudit(store, { maxAgeDays: 1, maxBytes: 1e12 }, start + day + 10 * 60_000)).toEqual(
      { byAge: 10, bySize: 0 },
    );
    expect(kept(store)).toEqual(made.slice(10));
  });

  it('runs on its interval on the fake clock, never before', async () => {
    const store = open();
    const made = fill(store, 20);
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
    expect(kept(store)).toEqual(made);
    await clock.run(1);
    await job.idle();
    // An hour on, records older than a day (the first 60 minutes' worth: all 20) are gone.
    expect(kept(store)).toEqual([]);
  });
});
