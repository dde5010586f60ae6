import { describe, expect, it } from 'vitest';
import { importableKind, importableKinds } from './import-kinds.js';
import {
  apiVersionOf,
  indexedKindNames,
  kindCollectionPath,
  kindDeclaration,
  kindDeclarations,
  kindsOfPermissionGroup,
  type KindDeclaration,
} from './kinds.js';

const table: readonly KindDeclaration[] = kindDeclarations;

describe('the kind table', () => {
  it('declares each kind and each collection once', () => {
    expect(new Set(table.map((entry) => entry.kind)).size).toBe(table.length);
    // The plural alone names a kind in the index and the API.
    expect(new Set(table.map((entry) => entry.plural)).size).toBe(table.length);
  });

  it('lists the indexed kinds in the order of the User Services menu', () => {
    expect(indexedKindNames).toEqual([
      'Deployment',
      'StatefulSet',
      'CronJob',
      'DaemonSet',
      'Pod',
      'Service',
      'Ingress',
      'ConfigMap',
      'Secret',
      'Namespace',
      'PersistentVolume',
      'PersistentVolumeClaim',
      'StorageClass',
      'Node',
      'Job',
      'Event',
    ]);
    // Indexed kinds come first, so the table's order is the menu's.
    const firstUnindexed = table.findIndex((entry) => entry.index === undefined);
    expect(table.slice(firstUnindexed).every((entry) => entry.index === undefined)).toBe(true);
  });

  it('keeps Secrets to their metadata in the index', () => {
    expect(table.filter((entry) => entry.index === 'metadata').map((e) => e.kind)).toEqual([
      'Secret',
    ]);
  });
});

describe('kindCollectionPath', () => {
  it('builds core and grouped collections, across namespaces or in one', () => {
    expect(kindCollectionPath(kindDeclaration('Pod'))).toBe('/api/v1/pods');
    expect(kindCollectionPath(kindDeclaration('Pod'), 'shop')).toBe('/api/v1/namespaces/shop/pods');
    expect(kindCollectionPath(kindDeclaration('Ingress'), 'a b')).toBe(
      '/apis/networking.k8s.io/v1/namespaces/a%20b/ingresses',
    );
  });

  it('ignores a namespace for a cluster-scoped kind', () => {
    expect(kindCollectionPath(kindDeclaration('StorageClass'), 'shop')).toBe(
      '/apis/storage.k8s.io/v1/storageclasses',
    );
  });
});

describe('derived from the table', () => {
  it('imports every importable kind under each of its API versions', () => {
    expect(importableKind('autoscaling/v2', 'HorizontalPodAutoscaler')?.plural).toBe(
      'horizontalpodautoscalers',
    );
    expect(importableKind('autoscaling/v1', 'HorizontalPodAutoscaler')).toBeDefined();
    expect(importableKind('v1', 'Node')).toBeUndefined();
    expect(importableKind('v1', 'Event')).toBeUndefined();
    const importable = table.filter((entry) => entry.importable !== undefined);
    expect(importableKinds.map((k) => k.apiVersion + ' ' + k.kind)).toEqual(
      importable.flatMap((entry) =>
        [
          entry.version,
          ...(entry.importable === true ? [] : (entry.importable?.alsoVersions ?? [])),
        ].map((version) => `${apiVersionOf(entry, version)} ${entry.kind}`),
      ),
    );
  });

  it('imports only the cluster-scoped kinds the console forms create', () => {
    expect(importableKinds.filter((k) => !k.namespaced).map((k) => k.kind)).toEqual([
      'Namespace',
      'PersistentVolume',
      'StorageClass',
    ]);
  });

  it('groups kinds under the permission that governs them', () => {
    expect(kindsOfPermissionGroup('service').map((entry) => entry.plural)).toEqual([
      'services',
      'endpoints',
    ]);
    expect(kindsOfPermissionGroup('application').map((entry) => entry.kind)).toEqual([
      'Deployment',
      'StatefulSet',
      'CronJob',
      'DaemonSet',
      'Pod',
      'Job',
    ]);
    const extra = [...table, { ...kindDeclaration('Role'), kind: 'Lease', plural: 'leases' }];
    expect(kindsOfPermissionGroup('role', extra).map((entry) => entry.plural)).toEqual([
      'roles',
      'leases',
    ]);
  });
});
