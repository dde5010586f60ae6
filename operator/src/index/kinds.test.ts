import { kindDeclaration, kindDeclarations, type KindDeclaration } from '@nimbus/api/shared';
import { describe, expect, it } from 'vitest';
import { objectPath } from '../k8s/resources/object-path.js';
import { collectionPath, indexedKinds, indexedKindsOf } from './kinds.js';
import { listableKinds } from '../access/listable-kinds.js';

describe('indexed kinds', () => {
  it('are the shared table indexed kinds, Secrets by metadata only', () => {
    expect(indexedKinds.map((kind) => kind.kind)).toEqual(
      (kindDeclarations as readonly KindDeclaration[])
        .filter((entry) => entry.index !== undefined)
        .map((entry) => entry.kind),
    );
    expect(indexedKinds.filter((kind) => kind.metadataOnly).map((kind) => kind.name)).toEqual([
      'secrets',
    ]);
  });

  it('are read at their collection and object paths', () => {
    const deployments = indexedKinds.find((kind) => kind.kind === 'Deployment');
    expect(deployments && collectionPath(deployments)).toBe('/apis/apps/v1/deployments');
    expect(deployments && objectPath(deployments, 'web', 'shop')).toBe(
      '/apis/apps/v1/namespaces/shop/deployments/web',
    );
    const nodes = indexedKinds.find((kind) => kind.kind === 'Node');
    expect(nodes && objectPath(nodes, 'n1', 'ignored')).toBe('/api/v1/nodes/n1');
  });

  it('take one entry of the table to add, with the rights to list them derived', () => {
    // ServiceAccounts are declared but not indexed; indexing them is one field on their entry.
    const table: KindDeclaration[] = (kindDeclarations as readonly KindDeclaration[]).map(
      (entry) => (entry.kind === 'ServiceAccount' ? { ...entry, index: 'objects' } : entry),
    );
    const kinds = indexedKindsOf(table);
    const serviceAccounts = kinds.find((kind) => kind.kind === 'ServiceAccount');
    expect(serviceAccounts).toMatchObject({
      name: 'serviceaccounts',
      group: '',
      version: 'v1',
      namespaced: true,
    });
    expect(serviceAccounts && collectionPath(serviceAccounts)).toBe('/api/v1/serviceaccounts');
    // The catalogue's serviceaccount group covers the kind, so its list right lists it.
    expect(kindDeclaration('ServiceAccount').permissionGroup).toBe('serviceaccount');
    expect(listableKinds(['serviceaccount:list'], kinds)).toEqual(['serviceaccounts']);
    expect(listableKinds(['serviceaccount:list'])).toEqual([]);
  });
});
