import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/audit.js';
import { auditStoreKinds, cleanUpAuditStores } from '../testing/audit-stores.js';
import type { AuditFilter } from './record.js';
import type { AuditStore } from './store.js';

cleanUpAuditStores();

const base = Date.UTC(2031, 0, 1);
const at = (seconds: number) => base + seconds * 1000;

const records = [
  sampleRecord({
    id: 'delete-ns',
    requestTime: at(1),
    method: 'DELETE',
    resource: 'k8s/vendors',
    cluster: 'prod',
    kind: 'namespaces',
    name: 'shop',
  }),
  sampleRecord({
    id: 'exec',
    requestTime: at(2),
    method: 'GET',
    resource: 'k8s/vendors',
    httpStatus: 101,
    cluster: 'prod',
    namespace: 'shop',
    kind: 'pods/exec',
    name: 'web-0',
  }),
  sampleRecord({
    id: 'cordon',
    requestTime: at(3),
    method: 'PUT',
    resource: 'crd/vendors',
    cluster: 'test',
    kind: 'nodes',
    name: 'node-1',
  }),
  sampleRecord({ id: 'login', requestTime: at(4), method: 'POST', resource: 'auth/login' }),
  sampleRecord({
    id: 'bad-login',
    requestTime: at(5),
    method: 'POST',
    resource: 'auth/login',
    httpStatus: 200,
    code: 1003,
  }),
  sampleRecord({
    id: 'refused-token',
    requestTime: at(6),
    method: 'GET',
    httpStatus: 401,
    code: 9998,
    userName: '-',
  }),
  sampleRecord({
    id: 'refused-delete',
    requestTime: at(7),
    method: 'DELETE',
    httpStatus: 403,
    code: 9997,
  }),
  sampleRecord({
    id: 'failed-create',
    requestTime: at(8),
    method: 'POST',
    httpStatus: 400,
    code: 1001,
  }),
  sampleRecord({
    id: 'create-user',
    requestTime: at(9),
    method: 'POST',
    operation: 'createUser',
    kind: 'users',
    name: 'bert',
  }),
  sampleRecord({
    id: 'test-registry',
    requestTime: at(10),
    method: 'POST',
    resource: 'manage/registries',
    operation: 'testRegistry',
    category: 'check',
  }),
  sampleRecord({
    id: 'dry-run',
    requestTime: at(11),
    method: 'POST',
    resource: 'k8s/vendors',
    operation: 'importYaml',
    category: 'check',
  }),
  sampleRecord({
    id: 'import',
    requestTime: at(12),
    method: 'POST',
    resource: 'k8s/vendors',
    operation: 'importYaml',
  }),
];

async function ids(store: AuditStore, filter: AuditFilter): Promise<string[]> {
  return (await store.query(filter, { offset: 0, limit: 100 })).items.map((record) => record.id);
}

describe.each(auditStoreKinds)('audit store filters on $name', (kind) => {
  const open = async (): Promise<AuditStore> => (await kind.open()).store;

  it('has presets for changes, checks, sign-ins and refusals', async () => {
    const store = await open();
    await store.append(records);
    // Connection tests and dry runs change nothing: checks, not changes.
    expect(await ids(store, { preset: 'changes' })).toEqual([
      'import',
      'create-user',
      'cordon',
      'delete-ns',
    ]);
    expect(await ids(store, { preset: 'checks' })).toEqual(['dry-run', 'test-registry']);
    expect(await ids(store, { preset: 'signIns' })).toEqual(['bad-login', 'login']);
    expect(await ids(store, { preset: 'refusals' })).toEqual(['refused-delete', 'refused-token']);
  });

  it('finds the records of one contract operation', async () => {
    const store = await open();
    await store.append(records);
    expect(await ids(store, { operation: 'importYaml' })).toEqual(['import', 'dry-run']);
    expect(await ids(store, { operation: 'importYaml', preset: 'changes' })).toEqual(['import']);
    expect(await ids(store, { operation: 'createUser', name: 'bert' })).toEqual(['create-user']);
  });

  it('searches member calls by cluster, namespace, kind (a whole-segment prefix) and name', async () => {
    const store = await open();
    await store.append(records);
    expect(await ids(store, { cluster: 'prod' })).toEqual(['exec', 'delete-ns']);
    expect(await ids(store, { cluster: 'prod', namespace: 'shop' })).toEqual(['exec']);
    expect(await ids(store, { kind: 'pods' })).toEqual(['exec']);
    expect(await ids(store, { kind: 'pod' })).toEqual([]);
    expect(await ids(store, { kind: 'namespaces', name: 'shop' })).toEqual(['delete-ns']);
    expect(await ids(store, { preset: 'changes', cluster: 'test' })).toEqual(['cordon']);
  });

  it('continues after a cursor in the newest-first order, ties broken by id', async () => {
    const store = await open();
    await store.append([
      sampleRecord({ id: 'a', requestTime: at(1) }),
      sampleRecord({ id: 'b', requestTime: at(2) }),
      sampleRecord({ id: 'c', requestTime: at(2) }),
      sampleRecord({ id: 'd', requestTime: at(3) }),
    ]);
    expect(await ids(store, { after: { requestTime: at(2), id: 'c' } })).toEqual(['b', 'a']);
    expect(await ids(store, { after: { requestTime: at(3), id: 'd' } })).toEqual(['c', 'b', 'a']);
    expect(await ids(store, { after: { requestTime: at(1), id: 'a' } })).toEqual([]);
  });
});
