import { describe, expect, it } from 'vitest';
import { ApiError, errors } from '../core/errors.js';
import type { OrganizationObject } from '../hub/store.js';
import { identityOf } from '../testing/iam.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import type { IamCall } from './context.js';
import { createOrganization, deleteOrganization } from './organizations.js';
import {
  blockersOf,
  organizationFinalizer,
  reconcileOrganizationLifecycle,
} from './org-lifecycle.js';
import { organizationLabel, organizationUidLabel } from '../access/org-scope.js';
import { createGroup } from './groups.js';

async function refusal(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

async function seed(): Promise<{ store: MemoryHubStore; call: IamCall; org: OrganizationObject }> {
  const store = createMemoryStore();
  const admin = await store.users.create({
    metadata: { name: 'root' },
    spec: { email: 'root@example.com', sysAdmin: true },
  });
  const call: IamCall = {
    identity: identityOf(admin),
    deps: {
      store,
      createUser: () => Promise.reject(new Error('not used')),
      changePassword: () => Promise.reject(new Error('not used')),
      resetAccessKey: () => Promise.reject(new Error('not used')),
    },
  };
  await createOrganization(call, {
    name: 'acme',
    cnName: 'acme',
    contact: 'Jane',
    email: 'ops@acme.example',
  });
  const org = store.organizations.get('acme');
  if (!org) throw new Error('acme was not created');
  await store.users.create({
    metadata: { name: 'alice' },
    spec: { email: 'alice@example.com', organizations: [{ name: 'acme', admin: false }] },
  });
  await store.userGroups.create({
    metadata: { name: 'acme-devs' },
    spec: { organization: 'acme', members: ['alice'] },
  });
  await store.roles.create({ metadata: { name: 'acme-dev' }, spec: { organization: 'acme' } });
  return { store, call, org };
}

async function addCluster(store: MemoryHubStore, name: string, labels: Record<string, string>) {
  await store.clusters.create({
    metadata: { name, labels },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'local',
      credentialsSecretRef: { name: `${name}-credentials`, namespace: store.namespace },
    },
  });
}

async function reconcile(store: MemoryHubStore, name: string) {
  const org = store.organizations.get(name);
  return org && reconcileOrganizationLifecycle(store, org);
}

describe('organization deletion', () => {
  it('gives organizations created through the API the finalizer', async () => {
    const { org } = await seed();
    expect(org.metadata.finalizers).toEqual([organizationFinalizer]);
  });

  it('refuses the API delete while a cluster belongs to it, naming the cluster', async () => {
    const { store, call, org } = await seed();
    await addCluster(store, 'prod', {
      [organizationLabel]: 'acme',
      [organizationUidLabel]: org.metadata.uid,
    });
    const error = await refusal(deleteOrganization(call, 'acme'));
    expect(error.entry).toBe(errors.organizationInUse);
    expect(error.message).toBe('organization acme still has clusters prod; delete them first');
    expect(store.organizations.get('acme')?.metadata.deletionTimestamp).toBeUndefined();
    expect(store.userGroups.get('acme-devs')).toBeDefined();
  });

  it('keeps a kubectl-deleted organization Terminating while blocked, then lets it go', async () => {
    const { store, org } = await seed();
    await addCluster(store, 'prod', {
      [organizationLabel]: 'acme',
      [organizationUidLabel]: org.metadata.uid,
    });
    await store.registries.create({
      metadata: { name: 'hub' },
      spec: { kind: 'DockerHub', host: 'docker.io', organization: 'acme' },
    });
    await store.organizations.delete('acme');

    expect(await reconcile(store, 'acme')).toEqual({
      ok: false,
      reason: 'DeletionBlocked',
      message:
        'organization acme is being deleted and still has clusters prod and registries hub; it goes once they are deleted',
    });
    expect(store.organizations.get('acme')?.metadata.deletionTimestamp).toBeDefined();
    expect(store.clusters.get('prod')).toBeDefined();
    expect(store.userGroups.get('acme-devs')).toBeDefined();

    await store.clusters.delete('prod');
    await store.registries.delete('hub');
    expect(await reconcile(store, 'acme')).toBe('gone');
    expect(store.organizations.get('acme')).toBeUndefined();
    expect(store.userGroups.get('acme-devs')).toBeUndefined();
    expect(store.roles.get('acme-dev')).toBeUndefined();
    expect(store.users.get('alice')?.spec.organizations).toEqual([]);
  });

  it('answers a Terminating organization with what its condition says, whoever made it Terminating', async () => {
    const { store, call, org } = await seed();
    await addCluster(store, 'prod', {
      [organizationLabel]: 'acme',
      [organizationUidLabel]: org.metadata.uid,
    });
    await store.organizations.delete('acme');
    const condition = await reconcile(store, 'acme');
    const byKubectl = await refusal(deleteOrganization(call, 'acme'));
    expect(byKubectl.entry).toBe(errors.organizationInUse);
    expect(condition).toMatchObject({ reason: 'DeletionBlocked', message: byKubectl.message });

    // A cluster registered between the check and the delete (the check reads the hub, this one
    // slipped in after it): the organization is then Terminating, and the answer says so.
    const raced = await seed();
    const listDirect = raced.store.clusters.listDirect.bind(raced.store.clusters);
    raced.store.clusters.listDirect = async (selector) => {
      const listed = await listDirect(selector);
      if (!raced.store.clusters.get('late')) {
        await addCluster(raced.store, 'late', {
          [organizationLabel]: 'acme',
          [organizationUidLabel]: raced.org.metadata.uid,
        });
      }
      return listed;
    };
    const lost = await refusal(deleteOrganization(raced.call, 'acme'));
    expect(lost.entry).toBe(errors.organizationInUse);
    expect(raced.store.organizations.get('acme')?.metadata.deletionTimestamp).toBeDefined();
    expect(lost.message).toBe(
      'organization acme is being deleted and still has clusters late; it goes once they are deleted',
    );
    const again = await refusal(deleteOrganization(raced.call, 'acme'));
    expect(again.message).toBe(lost.message);
  });

  it('deletes through the API at once when nothing blocks, with groups, roles and memberships', async () => {
    const { store, call } = await seed();
    await deleteOrganization(call, 'acme');
    expect(store.organizations.get('acme')).toBeUndefined();
    expect(store.userGroups.get('acme-devs')).toBeUndefined();
    expect(store.roles.get('acme-dev')).toBeUndefined();
    expect(store.users.get('alice')?.spec.organizations).toEqual([]);
  });

  it('accepts no new groups while Terminating (1021)', async () => {
    const { store, call, org } = await seed();
    await addCluster(store, 'prod', {
      [organizationLabel]: 'acme',
      [organizationUidLabel]: org.metadata.uid,
    });
    await store.organizations.delete('acme');
    const error = await refusal(
      createGroup(call, { name: 'late', organizationId: 'acme', userIds: [], providers: [] }),
    );
    expect(error.entry).toBe(errors.organizationDeleting);
  });

  it('is held by unstamped objects naming it, not by those of an earlier namesake', async () => {
    const { store, org } = await seed();
    await addCluster(store, 'stamped-elsewhere', {
      [organizationLabel]: 'acme',
      [organizationUidLabel]: 'uid-of-an-earlier-acme',
    });
    await addCluster(store, 'unstamped', { [organizationLabel]: 'acme' });
    expect(blockersOf(store, org)).toEqual({ clusters: ['unstamped'], registries: [] });
  });
});

describe('organizations written with kubectl', () => {
  it('get the finalizer, and their unstamped clusters and registries get the uid', async () => {
    const store = createMemoryStore();
    const org = await store.organizations.create({
      metadata: { name: 'globex' },
      spec: { cnName: 'globex', contact: 'Jane', email: 'ops@globex.example' },
    });
    await addCluster(store, 'edge', { [organizationLabel]: 'globex' });
    await addCluster(store, 'old', {
      [organizationLabel]: 'globex',
      [organizationUidLabel]: 'uid-of-an-earlier-globex',
    });
    await store.registries.create({
      metadata: { name: 'images' },
      spec: { kind: 'Harbor', host: 'harbor.example', organization: 'globex' },
    });

    expect(await reconcile(store, 'globex')).toBeUndefined();

    expect(store.organizations.get('globex')?.metadata.finalizers).toEqual([organizationFinalizer]);
    const uid = org.metadata.uid;
    expect(store.clusters.get('edge')?.metadata.labels?.[organizationUidLabel]).toBe(uid);
    expect(store.registries.get('images')?.metadata.labels?.[organizationUidLabel]).toBe(uid);
    expect(store.clusters.get('old')?.metadata.labels?.[organizationUidLabel]).toBe(
      'uid-of-an-earlier-globex',
    );
  });
});
