import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleRecord, tempDataDir } from '../testing/audit.js';
import { auditStoreKinds, cleanUpAuditStores } from '../testing/audit-stores.js';
import type { AuditFilter, AuditRecord } from './record.js';
import { openSqliteAuditStore } from './sqlite-store.js';
import type { SqliteAuditStore } from './sqlite-store.js';
import type { AuditStore } from './store.js';

cleanUpAuditStores();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function openFile(dir?: string): { store: SqliteAuditStore; dir: string } {
  const data = dir ? { dir, remove: () => undefined } : tempDataDir();
  const store = openSqliteAuditStore(data.dir);
  cleanups.push(() => void store.close(), data.remove);
  return { store, dir: data.dir };
}

const base = Date.UTC(2030, 5, 1);
const records: AuditRecord[] = [
  sampleRecord({
    id: 'a',
    requestTime: base + 1,
    userName: 'alice',
    organization: 'org-a',
    method: 'GET',
  }),
  sampleRecord({
    id: 'b',
    requestTime: base + 2,
    userName: 'bob',
    organization: 'org-b',
    method: 'POST',
  }),
  sampleRecord({
    id: 'c',
    requestTime: base + 3,
    userName: 'alice',
    organization: 'org-b',
    method: 'DELETE',
    resource: 'iam/organizations',
    httpStatus: 403,
    code: 9997,
  }),
  sampleRecord({ id: 'd', requestTime: base + 3, userName: '-', resource: 'auth/login' }),
  sampleRecord({
    id: 'e',
    requestTime: base + 4,
    userName: 'carol',
    resource: 'iamx/users',
    code: null,
  }),
];

async function ids(
  store: AuditStore,
  filter: AuditFilter,
  offset = 0,
  limit = 100,
): Promise<string[]> {
  return (await store.query(filter, { offset, limit })).items.map((record) => record.id);
}

describe.each(auditStoreKinds)('audit store on $name', (kind) => {
  it('returns records newest first, ties broken by id, with the total', async () => {
    const { store } = await kind.open();
    await store.append(records);
    expect(await ids(store, {})).toEqual(['e', 'd', 'c', 'b', 'a']);
    const page = await store.query({}, { offset: 1, limit: 2 });
    expect(page.items.map((record) => record.id)).toEqual(['d', 'c']);
    expect(page.total).toBe(5);
  });

  it('round-trips every field', async () => {
    const { store } = await kind.open();
    const record = sampleRecord({
      organization: 'org-a',
      code: null,
      requestHeader: { 'x-nimbus-user-name': 'alice', authorization: '[REDACTED]' },
      requestBody: '{"a":1}',
      responseBody: '{"code":0}',
      level: 'RequestResponse',
      cluster: 'prod',
      namespace: 'shop',
      kind: 'apps/deployments',
      name: 'web',
      operation: 'updateDeployment',
      category: 'check',
    });
    await store.append([record]);
    expect((await store.query({}, { offset: 0, limit: 1 })).items).toEqual([record]);
  });

  it('filters by user, method, HTTP status, business code and time range', async () => {
    const { store } = await kind.open();
    await store.append(records);
    expect(await ids(store, { user: 'alice' })).toEqual(['c', 'a']);
    expect(await ids(store, { method: 'POST' })).toEqual(['b']);
    expect(await ids(store, { httpStatus: 403 })).toEqual(['c']);
    expect(await ids(store, { code: 9997 })).toEqual(['c']);
    expect(await ids(store, { from: base + 2, to: base + 3 })).toEqual(['d', 'c', 'b']);
    expect(await ids(store, { user: 'alice', from: base + 2 })).toEqual(['c']);
    expect((await store.query({ user: 'alice' }, { offset: 0, limit: 1 })).total).toBe(2);
  });

  it('matches a resource exactly or as a whole-segment prefix', async () => {
    const { store } = await kind.open();
    await store.append(records);
    expect(await ids(store, { resource: 'iam' })).toEqual(['c', 'b', 'a']);
    expect(await ids(store, { resource: 'iam/users' })).toEqual(['b', 'a']);
    expect(await ids(store, { resource: 'ia%' })).toEqual([]);
    expect(await ids(store, { resource: 'ia_/users' })).toEqual([]);
  });

  it('limits to the readable organizations (none when empty) and filters by one', async () => {
    const { store } = await kind.open();
    await store.append(records);
    expect(await ids(store, { organizationUids: ['uid-org-a'] })).toEqual(['a']);
    expect(await ids(store, { organizationUids: ['uid-org-a', 'uid-org-b'] })).toEqual([
      'c',
      'b',
      'a',
    ]);
    expect(await ids(store, { organizationUids: [] })).toEqual([]);
    expect(await ids(store, { organizationUid: 'uid-org-b' })).toEqual(['c', 'b']);
    expect(
      await ids(store, { organizationUids: ['uid-org-a'], organizationUid: 'uid-org-b' }),
    ).toEqual([]);
  });

  it('pages after a record with the keyset cursor', async () => {
    const { store } = await kind.open();
    await store.append(records);
    expect(await ids(store, { after: { requestTime: base + 3, id: 'd' } })).toEqual([
      'c',
      'b',
      'a',
    ]);
  });

  it('keeps records across a close and another open', async () => {
    const first = await kind.open();
    await first.store.append(records);
    await first.store.close();
    const again = await first.reopen();
    expect(await ids(again, {})).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('ignores a repeated record, so a retried batch is kept once', async () => {
    const { store } = await kind.open();
    await store.append(records.slice(0, 1));
    await store.append([{ ...records.slice(0, 1)[0], userName: 'mallory' } as AuditRecord]);
    const stored = await store.query({}, { offset: 0, limit: 10 });
    expect(stored.items.map((r) => r.userName)).toEqual(['alice']);
    expect(await store.count()).toBe(1);
  });

  it('stores a batch whole or not at all', async () => {
    const { store } = await kind.open();
    const header: Record<string, unknown> = {};
    header.self = header;
    const broken = sampleRecord({ id: 'broken', requestHeader: header as Record<string, string> });
    await expect(store.append([sampleRecord({ id: 'fine' }), broken])).rejects.toThrow();
    expect(await store.count()).toBe(0);
  });

  it('keeps a message holding a NUL character, with the records beside it', async () => {
    const { store } = await kind.open();
    await store.append([
      sampleRecord({ id: 'nul', message: 'user a\u0000b not found' }),
      sampleRecord({ id: 'plain' }),
    ]);
    expect(await store.count()).toBe(2);
    const [stored] = (await store.query({ user: 'alice' }, { offset: 1, limit: 1 })).items;
    expect(stored?.message).toMatch(/^user a.b not found$/);
  });

  it('prunes records older than the cut-off only', async () => {
    const { store } = await kind.open();
    await store.append(records);
    expect(await store.prune(base + 3)).toBe(2);
    expect(await ids(store, {})).toEqual(['e', 'd', 'c']);
  });
});

describe('SQLite audit file', () => {
  it('opens a file written before records carried an organization and adds the column', async () => {
    const data = tempDataDir();
    cleanups.push(data.remove);
    const old = new DatabaseSync(`${data.dir}/audit.sqlite`);
    old.exec(`CREATE TABLE audit_records (
      id TEXT PRIMARY KEY, user_name TEXT NOT NULL, resource TEXT NOT NULL, method TEXT NOT NULL,
      request_time INTEGER NOT NULL, uri TEXT NOT NULL, http_status INTEGER NOT NULL,
      code INTEGER, message TEXT NOT NULL, handle_time_ms INTEGER NOT NULL,
      request_header TEXT NOT NULL, request_body TEXT NOT NULL);
      CREATE INDEX audit_by_user ON audit_records (user_name, request_time DESC);
      PRAGMA user_version = 1;`);
    old
      .prepare(
        "INSERT INTO audit_records VALUES ('old', 'bob', 'iam/users', 'GET', ?, '/x', 200, 0, 'success', 1, '{}', '')",
      )
      .run(base);
    old.close();

    const { store } = openFile(data.dir);
    await store.append([
      sampleRecord({
        id: 'new',
        requestTime: base + 1,
        organization: 'org-a',
        level: 'Metadata',
        cluster: 'prod',
      }),
    ]);
    expect(
      (await store.query({}, { offset: 0, limit: 10 })).items.map((r) => [
        r.id,
        r.organization,
        r.level,
        r.cluster,
        r.responseBody,
        r.operation,
      ]),
    ).toEqual([
      ['new', 'org-a', 'Metadata', 'prod', '', null],
      // Recorded whole before levels existed, and before operations were named.
      ['old', null, 'Request', null, '', null],
    ]);
    expect(await ids(store, { organizationUids: ['uid-org-a'] })).toEqual(['new']);
    await store.close();
    const check = new DatabaseSync(`${data.dir}/audit.sqlite`);
    cleanups.push(() => check.close());
    const indexes = check.prepare('PRAGMA index_list(audit_records)').all();
    expect(indexes.map((index) => index.name)).toContain('audit_by_organization');
    expect(indexes.map((index) => index.name)).toContain('audit_by_operation');
    expect(check.prepare('PRAGMA user_version').get()?.user_version).toBe(5);
  });

  it('refuses to change a stored record, even to another writer of the file', async () => {
    const { store, dir } = openFile();
    await store.append(records.slice(0, 1));
    await store.close();
    // The trigger lives in the file, so even another writer cannot edit history.
    const other = new DatabaseSync(`${dir}/audit.sqlite`);
    cleanups.push(() => other.close());
    expect(() => other.exec("UPDATE audit_records SET user_name = 'mallory'")).toThrow(
      /append-only/,
    );
  });

  it('creates the file readable by the operator only', () => {
    const { store } = openFile();
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
  });
});
