// A kind's CSV export: every page of the list, the caller's scope, filters and order, and cells
// that keep commas and quotes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportKindQuery } from '@nimbus/api';
import { builtInRoleObject, builtInRoles } from '../access/built-in-roles.js';
import { callerClusters } from '../access/caller-scope.js';
import { parseCsvRows } from '../audit/export-format.js';
import type { Identity } from '../identity/identity.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { commonCsvColumns, kindCsvChunks, kindCsvColumns } from './export-kind.js';
import { findIndexedKind, type IndexedKind } from './kinds.js';
import { IndexStore } from './store.js';
import type { KubeObject } from './trim.js';

let store: MemoryHubStore;
let index: IndexStore;
/** More than two of the export's pages. */
const total = 1_203;
const configMaps = findIndexedKind('configmaps') as IndexedKind;

const identity = (userName: string, sysAdmin: boolean): Identity => ({
  userName,
  userId: `uid-${userName}`,
  sysAdmin,
  organizations: [{ name: 'acme', uid: 'uid-acme', admin: false }],
  role: sysAdmin ? 'system-admin' : 'user',
  via: 'session',
});

async function exported(caller: Identity, query: Record<string, string> = {}) {
  const scope = await callerClusters(store, caller);
  let text = '';
  for await (const chunk of kindCsvChunks(index, scope, configMaps, exportKindQuery.parse(query))) {
    text += chunk;
  }
  return parseCsvRows(text);
}

beforeAll(async () => {
  store = createMemoryStore();
  index = IndexStore.open(':memory:', { now: () => Date.UTC(2026, 0, 1) });
  await store.organizations.create({
    metadata: { name: 'acme' },
    spec: { cnName: 'acme', contact: 'ops', email: 'ops@acme.example' },
  });
  await store.clusters.create({
    metadata: { name: 'member-a', labels: { 'nimbus.io/organization': 'acme' } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'local',
      credentialsSecretRef: { name: 'member-a-kubeconfig', namespace: 'nimbus-system' },
    },
  });
  for (const role of builtInRoles) await store.roles.create(builtInRoleObject(role));
  await store.roles.create({
    metadata: { name: 'nodes-only' },
    spec: { organization: 'acme', permissions: [{ name: 'node:list', effect: 'Allow' }] },
  });
  for (const [name, sysAdmin] of [
    ['root', true],
    ['lister', false],
  ] as const) {
    await store.users.create({
      metadata: { name },
      spec: {
        email: `${name}@example.com`,
        sysAdmin,
        organizations: [{ name: 'acme', admin: false }],
        clusterPermissions: sysAdmin
          ? []
          : [{ cluster: 'member-a', role: 'nodes-only', effect: 'Allow' }],
      },
    });
  }
  index.upsert(
    'member-a',
    'configmaps',
    Array.from({ length: total }, (_, n): KubeObject => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: `cm-${String(n).padStart(4, '0')}`,
        namespace: 'demo',
        uid: `uid-${n}`,
        resourceVersion: '1',
        creationTimestamp: '2026-01-01T00:00:00Z',
        labels: n === 7 ? { note: '=SUM(A1), "quoted"', tier: 'web' } : { tier: 'web' },
      },
      data: { 'app.yaml': '' },
    })),
  );
});

afterAll(() => index.close());

describe('kind export', () => {
  it('streams every page, the header first, each object once', async () => {
    const rows = await exported(identity('root', true));
    expect(rows[0]).toEqual([...commonCsvColumns, 'keys']);
    expect(kindCsvColumns(configMaps)).toEqual(rows[0]);
    const names = rows.slice(1).map((row) => row[1]);
    expect(names).toHaveLength(total);
    expect(new Set(names).size).toBe(total);
    expect(rows[1]).toEqual([
      'ConfigMap',
      'cm-0000',
      'demo',
      'member-a',
      'local',
      'ProviderKubeconfig',
      '2026-01-01T00:00:00Z',
      'tier=web',
      '1',
    ]);
  });

  it('keeps commas and quotes inside their cell', async () => {
    const rows = await exported(identity('root', true), { name: 'cm-0007' });
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[7]).toBe('note==SUM(A1), "quoted"; tier=web');
  });

  it('follows the list order and filters', async () => {
    const rows = await exported(identity('root', true), { order: 'desc', name: 'cm-11' });
    expect(rows.slice(1).map((row) => row[1])).toEqual(
      Array.from({ length: 100 }, (_, n) => `cm-11${String(99 - n).padStart(2, '0')}`),
    );
  });

  it('shows a caller only what the list shows her: a header and no config map', async () => {
    expect(await exported(identity('lister', false))).toEqual([kindCsvColumns(configMaps)]);
  });
});
