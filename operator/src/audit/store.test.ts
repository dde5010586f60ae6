import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleRecord, tempDataDir } from '../testing/audit.js';
import type { AuditFilter, AuditRecord } from './record.js';
import type { AuditStore } from './store.js';
import { openAuditStore } from './store.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function open(dir?: string): { store: AuditStore; dir: string } {
  const data = dir ? { dir, remove: () => undefined } : tempDataDir();
  const store = openAuditStore(data.dir);
  cleanups.push(() => store.close(), data.remove);
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

function ids(store: AuditStore, filter: AuditFilter, offset = 0, limit = 100): string[] {
  return store.query(filter, { offset, limit }).items.map((record) => record.id);
}

describe('audit store', () => {
  it('returns records newest first, ties broken by id, with the total', () => {
    const { store } = open();
    store.append(records);
    expect(ids(store, {})).toEqual(['e', 'd', 'c', 'b', 'a']);
    const page = store.query({}, { offset: 1, limit: 2 });
    expect(page.items.map((record) => record.id)).toEqual(['d', 'c']);
    expect(page.total).toBe(5);
  });

  it('round-trips every field', () => {
    const { store } = open();
    const record = sampleRecord({
      organization: 'org-a',
      code: null,
      requestHeader: { 'x-nimbus-user-name': 'alice', authorization: '[REDACTED]' },
      requestBody: '{"a":1}',
    });
    store.append([record]);
    expect(store.query({}, { offset: 0, limit: 1 }).items).toEqual([record]);
  });

  it('filters by user, method, HTTP status, business code and time range', () => {
    const { store } = open();
    store.append(records);
    expect(ids(store, { user: 'alice' })).toEqual(['c', 'a']);
    expect(ids(store, { method: 'POST' })).toEqual(['b']);
    expect(ids(store, { httpStatus: 403 })).toEqual(['c']);
    expect(ids(store, { code: 9997 })).toEqual(['c']);
    expect(ids(store, { from: base + 2, to: base + 3 })).toEqual(['d', 'c', 'b']);
    expect(ids(store, { user: 'alice', from: base + 2 })).toEqual(['c']);
    expect(store.query({ user: 'alice' }, { offset: 0, limit: 1 }).total).toBe(2);
  });

  it('matches a resource exactly or as a whole-segment prefix', () => {
    const { store } = open();
    store.append(records);
    expect(ids(store, { resource: 'iam' })).toEqual(['c', 'b', 'a']);
    expect(ids(store, { resource: 'iam/users' })).toEqual(['b', 'a']);
    expect(ids(store, { resource: 'ia%' })).toEqual([]);
  });

  it('limits to the readable organizations (none when empty) and filters by one', () => {
    const { store } = open();
    store.append(records);
    expect(ids(store, { organizationUids: ['uid-org-a'] })).toEqual(['a']);
    expect(ids(store, { organizationUids: ['uid-org-a', 'uid-org-b'] })).toEqual(['c', 'b', 'a']);
    expect(ids(store, { organizationUids: [] })).toEqual([]);
    expect(ids(store, { organizationUid: 'uid-org-b' })).toEqual(['c', 'b']);
    expect(ids(store, { organizationUids: ['uid-org-a'], organizationUid: 'uid-org-b' })).toEqual(
      [],
    );
  });

  it('opens a file written before records carried an organization and adds the column', () => {
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

    const { store } = open(data.dir);
    store.append([
      sampleRecord({
        id: 'new',
        requestTime: base + 1,
        organization: 'org-a',
        level: 'Metadata',
        cluster: 'prod',
      }),
    ]);
    expect(
      store
        .query({}, { offset: 0, limit: 10 })
        .items.map((r) => [r.id, r.organization, r.level, r.cluster, r.responseBody, r.operation]),
    ).toEqual([
      ['new', 'org-a', 'Metadata', 'prod', '', null],
      // Recorded whole before levels existed, and before operations were named.
      ['old', null, 'Request', null, '', null],
    ]);
    expect(ids(store, { organizationUids: ['uid-org-a'] })).toEqual(['new']);
    store.close();
    const check = new DatabaseSync(`${data.dir}/audit.sqlite`);
    cleanups.push(() => check.close());
    const indexes = check.prepare('PRAGMA index_list(audit_records)').all();
    expect(indexes.map((index) => index.name)).toContain('audit_by_organization');
    expect(indexes.map((index) => index.name)).toContain('audit_by_operation');
    expect(check.prepare('PRAGMA user_version').get()?.user_version).toBe(5);
  });

  it('keeps records across a close and reopen of the file', () => {
    const first = open();
    first.store.append(records);
    first.store.close();
    const again = open(first.dir);
    expect(ids(again.store, {})).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('refuses to change a stored record and ignores a repeated id', () => {
    const { store, dir } = open();
    store.append(records.slice(0, 1));
    store.append([{ ...records.slice(0, 1)[0], userName: 'mallory' } as AuditRecord]);
    expect(store.query({}, { offset: 0, limit: 10 }).items.map((r) => r.userName)).toEqual([
      'alice',
    ]);
    store.close();
    // The trigger lives in the file, so even another writer cannot edit history.
    const other = new DatabaseSync(`${dir}/audit.sqlite`);
    cleanups.push(() => other.close());
    expect(() => other.exec("UPDATE audit_records SET user_name = 'mallory'")).toThrow(
      /append-only/,
    );
  });

  it('prunes records older than the cut-off only', () => {
    const { store } = open();
    store.append(records);
    expect(store.prune(base + 3)).toBe(2);
    expect(ids(store, {})).toEqual(['e', 'd', 'c']);
  });

  it('creates the file readable by the operator only', () => {
    const { store } = open();
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
  });
});
