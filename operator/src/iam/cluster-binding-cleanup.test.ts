import { describe, expect, it } from 'vitest';
import { ApiError } from '../core/errors.js';
import { organizationLabel } from '../access/org-scope.js';
import {
  clusterObject,
  identityOf,
  orgObject,
  readerOf,
  roleObject,
  userObject,
} from '../testing/iam.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { withdrawBindingsOfDeletedClusters } from './cluster-binding-cleanup.js';
import { generalUpdateBody } from '@nimbus/api';
import { planUserUpdate } from './user-plan.js';

const owner = (cluster: string) => ({ cluster, role: 'owner', effect: 'Allow' as const });

async function storeWith(clusters: string[]) {
  const store = createMemoryStore();
  for (const name of clusters) {
    await store.clusters.create({
      metadata: {
        name,
        labels: { [organizationLabel]: 'x' },
        finalizers: ['nimbus.io/cluster-cleanup'],
      },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'r1',
        credentialsSecretRef: { name: `${name}-credentials`, namespace: store.namespace },
      },
    });
  }
  await store.users.create({
    metadata: { name: 'mallory' },
    spec: { email: 'm@example.com', organizations: [{ name: 'x', admin: true }] },
  });
  return store;
}

async function codeOf(work: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError) return error.entry.code;
    throw error;
  }
}

describe('a binding written while its cluster is deleted', () => {
  it('is refused when the cluster is already Terminating in the cache', () => {
    const mallory = userObject('mallory', { x: true });
    const prod = clusterObject('prod', 'x');
    const terminating = {
      ...prod,
      metadata: { ...prod.metadata, deletionTimestamp: '2030-01-01T00:00:00Z' },
    };
    const reader = readerOf({
      users: [mallory],
      organizations: [orgObject('x')],
      roles: [roleObject('owner', undefined, [['node:cordon', 'allow']])],
      clusters: [terminating],
    });
    const body = generalUpdateBody.parse({
      updateType: 'general',
      userName: 'mallory',
      providers: [{ cluster: 'prod', roleId: 'owner', effect: 'Allow' }],
    });
    expect(() => planUserUpdate(reader, identityOf(mallory), mallory, body)).toThrow(
      'cluster prod does not exist',
    );
  });

  it('is taken back when the hub shows the cluster Terminating after the write', async () => {
    const store = await storeWith(['prod', 'staging']);
    // The cache saw prod live when the call was checked; the hub now has it Terminating.
    await store.users.modify('mallory', (spec) => ({
      ...spec,
      clusterPermissions: [owner('prod'), owner('staging')],
    }));
    await store.clusters.delete('prod');
    const after = [owner('prod'), owner('staging')];
    expect(await codeOf(withdrawBindingsOfDeletedClusters(store, 'mallory', [], after))).toBe(1000);
    expect(store.users.get('mallory')?.spec.clusterPermissions).toEqual([owner('staging')]);
  });

  it('is kept when every cluster it names is live, and unchanged bindings are not checked', async () => {
    const store = await storeWith(['staging']);
    await store.users.modify('mallory', (spec) => ({
      ...spec,
      clusterPermissions: [owner('gone'), owner('staging')],
    }));
    // `gone` was bound before this call: not this call's to take back.
    const before = [owner('gone')];
    const after = [owner('gone'), owner('staging')];
    expect(await codeOf(withdrawBindingsOfDeletedClusters(store, 'mallory', before, after))).toBe(
      'ok',
    );
    expect(store.users.get('mallory')?.spec.clusterPermissions).toEqual(after);
  });
});
