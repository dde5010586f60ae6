import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors.js';
import { createLogger } from '../logger.js';
import { migrateSchema } from '../postgres/migrate.js';
import { openPostgresPool } from '../postgres/pool.js';
import { storeIsAway } from '../postgres/unavailable.js';
import { sampleRecord } from '../testing/audit.js';
import { cleanUpAuditStores, openPostgresForTest } from '../testing/audit-stores.js';
import { startPostgres } from '../testing/postgres-server.js';
import { auditMigrations } from './postgres-schema.js';
import { postgresAuditStore } from './postgres-store.js';
import type { AuditRecord } from './record.js';

cleanUpAuditStores();

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('audit store on PostgreSQL', () => {
  it('rolls back a batch that fails past its first INSERT', async () => {
    const { store } = await openPostgresForTest();
    const batch = Array.from({ length: 600 }, (_, i) => sampleRecord({ id: `r${i}` }));
    batch[550] = { ...batch[550], userName: null } as unknown as AuditRecord;
    await expect(store.append(batch)).rejects.toThrow(/user_name/);
    expect(await store.count()).toBe(0);
  });

  it('keeps each month in its own partition and refuses to change a record', async () => {
    const { store, url } = await openPostgresForTest();
    await store.append([
      sampleRecord({ id: 'jan', requestTime: Date.UTC(2031, 0, 31, 23, 59) }),
      sampleRecord({ id: 'feb', requestTime: Date.UTC(2031, 1, 1) }),
    ]);
    await withClient(url, async (client) => {
      const parts = await client.query<{ name: string }>(
        'SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid ' +
          "WHERE i.inhparent = 'audit_records'::regclass ORDER BY 1",
      );
      expect(parts.rows.map((row) => row.name)).toEqual([
        'audit_records_y2031m01',
        'audit_records_y2031m02',
      ]);
      await expect(client.query("UPDATE audit_records SET user_name = 'mallory'")).rejects.toThrow(
        /append-only/,
      );
    });
  });

  it('serves two replicas one trail: each sees what the other wrote, and it outlives them', async () => {
    const first = await openPostgresForTest();
    const second = await first.reopen();
    await Promise.all([
      first.store.append([sampleRecord({ id: 'from-first', requestTime: Date.UTC(2031, 3, 1) })]),
      second.append([sampleRecord({ id: 'from-second', requestTime: Date.UTC(2031, 3, 2) })]),
    ]);
    const seen = async (store: typeof second) =>
      (await store.query({}, { offset: 0, limit: 10 })).items.map((record) => record.id);
    expect(await seen(first.store)).toEqual(['from-second', 'from-first']);
    expect(await seen(second)).toEqual(['from-second', 'from-first']);
    await first.store.close();
    await second.close();
    expect(await seen(await first.reopen())).toEqual(['from-second', 'from-first']);
  });

  it('brings a month back that another replica dropped while this one still knew it', async () => {
    const first = await openPostgresForTest();
    const second = await first.reopen();
    const march = Date.UTC(2031, 2, 5);
    await first.store.append([sampleRecord({ id: 'one', requestTime: march })]);
    // The other replica's retention drops March; this one has it in its cache.
    expect(await second.prune(Date.UTC(2031, 3, 1))).toBe(1);
    await first.store.append([sampleRecord({ id: 'two', requestTime: march + 1 })]);
    expect(await first.store.count()).toBe(1);
  });

  it('refuses a record dated outside the years a partition can be named for', async () => {
    const { store } = await openPostgresForTest();
    await expect(
      store.append([sampleRecord({ requestTime: Date.UTC(10_000, 0, 1) })]),
    ).rejects.toThrow(RangeError);
  });
});

describe('audit store on PostgreSQL when the database goes away', () => {
  it('answers a query with 2008 and fails the append, which the write queue retries', async () => {
    const server = startPostgres();
    try {
      const pool = openPostgresPool({ url: server.url }, createLogger('silent'));
      await migrateSchema(pool, auditMigrations, createLogger('silent'));
      const store = postgresAuditStore({ pool, location: 'test', ownsPool: true });
      await store.append([sampleRecord({ id: 'before' })]);
      server.stop();
      const refused = await store
        .query({}, { offset: 0, limit: 10 })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).entry).toMatchObject({ code: 2008, status: 503 });
      await expect(store.append([sampleRecord({ id: 'after' })])).rejects.toThrow();
      await store.close();
    } finally {
      server.stop();
    }
  });

  it('tells a database that is away from one that refuses the statement', () => {
    expect(storeIsAway(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(storeIsAway(Object.assign(new Error('shutdown'), { code: '57P01' }))).toBe(true);
    expect(storeIsAway(Object.assign(new Error('lost'), { code: '08006' }))).toBe(true);
    expect(storeIsAway(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(storeIsAway(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(storeIsAway(Object.assign(new Error('null'), { code: '23502' }))).toBe(false);
    expect(storeIsAway('ECONNREFUSED')).toBe(false);
  });
});
