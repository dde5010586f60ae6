// Updating a registry races the registry controller's status writes, which reach the hub before
// the watch brings them to the cache: the update is written on the hub's copy, and only while it
// is still the registry the caller's rights were checked on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistryInput } from '@nimbus/api';
import type { Identity } from '../identity/identity.js';
import { withCacheBehind } from '../testing/cache-behind.js';
import { startRegistryFake, type RegistryFake } from '../testing/fakes/registry-fake.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { seedOrganizations } from '../testing/org-fixtures.js';
import type { RegistryServices } from './registry-service.js';
import { createRegistry, updateRegistry } from './registry-service.js';

const store = createMemoryStore();
let registry: RegistryFake;
let services: RegistryServices;
const admin: Identity = {
  userName: 'acme-admin',
  userId: 'u-acme',
  sysAdmin: false,
  organizations: [{ name: 'acme', uid: 'uid-acme', admin: true }],
  role: 'user',
  via: 'session',
};
const input = (description: string): RegistryInput => ({
  name: 'images',
  organizationId: 'acme',
  kind: 'Distribution',
  host: registry.host,
  plainHttp: true,
  description,
});

beforeAll(async () => {
  registry = await startRegistryFake({ accepts: () => true, repositories: {}, plainHttp: true });
  await seedOrganizations(store, { acme: [] });
  services = {
    hub: store,
    http: { policy: { allowHosts: [registry.host] }, timeoutMs: 5_000 },
    vendors: { endpoints: {}, fetch, now: () => new Date() },
  };
  await createRegistry(services, admin, {
    ...input('v1'),
    credentials: { username: 'ann', password: 's3cret-pw' },
  });
});
afterAll(() => registry.close());

describe('updating a registry', () => {
  it("stamps a registry written without its organization's uid, as a new one is", async () => {
    const written = store.registries.get('images');
    if (!written) throw new Error('no registry');
    await store.registries.apply({
      metadata: { name: 'images', labels: { 'nimbus.io/organization': 'acme' } },
      spec: written.spec,
    });
    await updateRegistry(services, admin, input('stamped'));
    expect(store.registries.get('images')?.metadata.labels).toEqual({
      'nimbus.io/organization': 'acme',
      'nimbus.io/organization-uid': store.organizations.get('acme')?.metadata.uid,
    });
  });

  it('updates over a status write the cache has not seen yet', async () => {
    const updated = await withCacheBehind(
      store.registries,
      'images',
      () => store.registries.applyStatus('images', { conditions: [] }),
      () => updateRegistry(services, admin, input('v2')),
    );
    expect(updated).toMatchObject({ description: 'v2' });
    expect(store.registries.get('images')?.spec.description).toBe('v2');
  });

  it('does not update a registry of the same name made since the check', async () => {
    const original = structuredClone(store.registries.get('images'));
    if (!original) throw new Error('no registry');
    const replaced = withCacheBehind(
      store.registries,
      'images',
      async () => {
        await store.registries.delete('images');
        await store.registries.create({
          metadata: { name: 'images', labels: original.metadata.labels ?? {} },
          spec: { ...original.spec, description: 'made since' },
        });
      },
      () => updateRegistry(services, admin, input('v3')),
    );
    await expect(replaced).rejects.toMatchObject({ entry: { code: 1004 } });
    expect(store.registries.get('images')?.spec.description).toBe('made since');
  });
});
