// The change feed across replicas on the unit tier's real PostgreSQL: what one replica's loops
// write is told to every replica's feed, in payloads PostgreSQL accepts, and a listener that
// lost its connection listens again and tells its feed that notices may have been missed.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { openPostgresPool } from '../postgres/pool.js';
import { until } from '../testing/fake-clock.js';
import { createTestDatabase } from '../testing/postgres-database.js';
import { ChangeFeed, type IndexNotice } from './change-feed.js';
import {
  listenForChanges,
  notifyingPublisher,
  payloadsOf,
  type ChangeListener,
} from './shared-changes.js';

const logger = createLogger('silent');
const notice = (name: string): IndexNotice => ({
  cluster: 'member-a',
  kind: 'pods',
  namespace: 'demo',
  name,
  type: 'upsert',
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database, a pool on it (the writer's) and `replicas` listening feeds. */
async function replicas(count: number) {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  const pool = openPostgresPool({ url: database.url }, logger);
  cleanups.push(() => pool.end());
  const gaps = Array.from({ length: count }, () => 0);
  const heard = Array.from({ length: count }, () => [] as IndexNotice[]);
  const listeners: ChangeListener[] = [];
  for (let at = 0; at < count; at++) {
    const feed = new ChangeFeed();
    feed.subscribe((notices) => heard[at]?.push(...notices));
    const listener = listenForChanges({
      connection: { url: database.url },
      feed,
      logger,
      onGap: () => (gaps[at] = (gaps[at] ?? 0) + 1),
      retryMs: 50,
    });
    cleanups.push(() => listener.close());
    await listener.ready;
    listeners.push(listener);
  }
  return { pool, heard, gaps, publish: notifyingPublisher(pool, logger) };
}

describe('the change feed across replicas', () => {
  it('cuts notices into payloads under PostgreSQL’s limit, losing none', () => {
    const many = Array.from({ length: 500 }, (_, i) => notice(`web-${i}`));
    const payloads = payloadsOf(many);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(payloads.flatMap((payload) => JSON.parse(payload) as IndexNotice[])).toEqual(many);
    expect(payloadsOf([])).toEqual([]);
  });

  it('tells every replica’s feed what one replica wrote', async () => {
    const bed = await replicas(2);
    const many = Array.from({ length: 300 }, (_, i) => notice(`web-${i}`));
    bed.publish.publish(many);
    await until(() => bed.heard.every((notices) => notices.length === many.length));
    for (const notices of bed.heard) {
      expect([...notices].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
        [...many].sort((a, b) => a.name.localeCompare(b.name)),
      );
    }
  });

  it('ignores what is not a notice', async () => {
    const bed = await replicas(1);
    await bed.pool.query(`SELECT pg_notify('nimbus_index_changes', $1)`, [
      JSON.stringify([{ cluster: 'a' }, 'x', notice('kept')]),
    ]);
    await bed.pool.query(`SELECT pg_notify('nimbus_index_changes', 'not json')`);
    bed.publish.publish([notice('after')]);
    await until(() => bed.heard[0]?.some((n) => n.name === 'after') ?? false);
    expect(bed.heard[0]?.map((n) => n.name)).toEqual(['kept', 'after']);
  });

  it('listens again after losing its connection, and says notices may have been missed', async () => {
    const bed = await replicas(1);
    expect(bed.gaps).toEqual([0]);
    await bed.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    await until(() => bed.gaps[0] === 1);
    bed.publish.publish([notice('again')]);
    await until(() => bed.heard[0]?.some((n) => n.name === 'again') ?? false);
  });
});
