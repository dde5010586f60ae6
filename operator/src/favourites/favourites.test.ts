import { beforeAll, describe, expect, it } from 'vitest';
import { builtInRoleObject, builtInRoles } from '../access/built-in-roles.js';
import { organizationLabel } from '../access/org-scope.js';
import { identityOf } from '../testing/iam.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { addFavourite, listFavourites } from './favourites.js';

const node = {
  type: 'Node',
  name: 'n1',
  vendor: 'ProviderKubeconfig',
  region: 'r1',
  cluster: 'prod',
};

let store: MemoryHubStore;

async function registerProd(org: string) {
  return store.clusters.create({
    metadata: { name: 'prod', labels: { [organizationLabel]: org } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'r1',
      credentialsSecretRef: { name: 'prod-credentials', namespace: store.namespace },
    },
  });
}

beforeAll(async () => {
  store = createMemoryStore();
  for (const org of ['acme', 'globex']) {
    await store.organizations.create({
      metadata: { name: org },
      spec: { cnName: org, contact: 'ops', email: `ops@${org}.example` },
    });
  }
  for (const role of builtInRoles) await store.roles.create(builtInRoleObject(role));
  await store.users.create({
    metadata: { name: 'alice' },
    spec: {
      email: 'alice@example.com',
      organizations: [{ name: 'acme' }, { name: 'globex' }],
      clusterPermissions: [{ cluster: 'prod', role: 'read-only', effect: 'Allow' }],
    },
  });
});

describe('favourites of a cluster name used again', () => {
  it('records the cluster uid, and shows nothing of a deleted cluster for the next one of its name', async () => {
    const first = await registerProd('acme');
    const alice = () => {
      const user = store.users.get('alice');
      if (!user) throw new Error('alice is missing');
      return identityOf(user);
    };
    const added = await addFavourite(store, alice(), node);
    expect(store.favourites.get(added.id)?.metadata.labels?.['nimbus.io/cluster-uid']).toBe(
      first.metadata.uid,
    );
    expect((await listFavourites(store, alice())).items).toHaveLength(1);

    // Deleted without its finalizer (nothing ran it), then registered again by globex.
    await store.clusters.delete('prod');
    await registerProd('globex');
    expect((await listFavourites(store, alice())).items).toEqual([]);
    // Collecting it again makes it the new cluster's.
    await addFavourite(store, alice(), node);
    expect((await listFavourites(store, alice())).items).toHaveLength(1);
  });
});
