import { afterEach, describe, expect, it } from 'vitest';
import type { TestController } from '../../testing/controllers.js';
import { startTestController } from '../../testing/controllers.js';
import type { MemoryHubStore } from '../../testing/memory-store.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { organizationLabel } from '../../access/org-scope.js';
import { wordingGapMs, iamController } from './controller.js';

const hasher = { hash: (password: string) => Promise.resolve(`hashed:${password}`) };
let controller: TestController | undefined;
afterEach(() => controller?.stop());

async function twoOrganizations(): Promise<MemoryHubStore> {
  const store = createMemoryStore();
  for (const name of ['acme', 'globex']) {
    await store.organizations.create({
      metadata: { name },
      spec: { cnName: name, contact: 'Jane', email: `ops@${name}.example` },
    });
  }
  await store.clusters.create({
    metadata: { name: 'globex-prod', labels: { [organizationLabel]: 'globex' } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'r1',
      credentialsSecretRef: { name: 'globex-prod', namespace: store.namespace },
    },
  });
  await store.roles.create({
    metadata: { name: 'viewer' },
    spec: { builtIn: true, permissions: [{ name: 'application:list', effect: 'Allow' }] },
  });
  return store;
}

const condition = (store: MemoryHubStore, user: string, type: string) =>
  store.users.get(user)?.status?.conditions?.find((c) => c.type === type);

describe('the IAM controller', () => {
  it("reports a binding to another organization's cluster as ignored, in status and in a Warning Event", async () => {
    const store = await twoOrganizations();
    await store.users.create({
      metadata: { name: 'mallory' },
      spec: {
        email: 'mallory@acme.example',
        organizations: [{ name: 'acme' }],
        clusterPermissions: [{ cluster: 'globex-prod', role: 'viewer', effect: 'Allow' }],
      },
    });
    controller = startTestController(iamController({ store, hasher }));
    await controller.settled();

    expect(condition(store, 'mallory', 'Valid')).toMatchObject({
      status: 'False',
      reason: 'BindingOutsideOrganization',
      observedGeneration: 1,
    });
    expect(controller.events.about('mallory')).toMatchObject([
      {
        type: 'Warning',
        reason: 'BindingOutsideOrganization',
        action: 'Validate',
        note: 'cluster globex-prod belongs to organization globex, not to acme; the binding is ignored',
        regarding: { apiVersion: 'nimbus.io/v1alpha1', kind: 'User', name: 'mallory' },
      },
    ]);
  });

  it('reports each problem of a binding as its own Event, and a Normal one once resolved', async () => {
    const store = await twoOrganizations();
    await store.users.create({
      metadata: { name: 'bob' },
      spec: {
        email: 'bob@acme.example',
        organizations: [{ name: 'acme' }, { name: 'initech' }],
        clusterPermissions: [{ cluster: 'staging', role: 'ghost', effect: 'Allow' }],
      },
    });
    controller = startTestController(iamController({ store, hasher }));
    await controller.settled();
    expect(controller.events.about('bob').map((e) => e.reason)).toEqual([
      'OrganizationNotFound',
      'RoleNotFound',
    ]);

    await store.users.modify('bob', (spec) => ({
      ...spec,
      organizations: [{ name: 'acme' }],
      clusterPermissions: [{ cluster: 'staging', role: 'viewer', effect: 'Allow' }],
    }));
    await controller.settled();
    expect(condition(store, 'bob', 'Valid')).toMatchObject({
      status: 'True',
      observedGeneration: 2,
    });
    expect(controller.events.about('bob').map((e) => [e.type, e.reason])).toEqual([
      ['Warning', 'OrganizationNotFound'],
      ['Warning', 'RoleNotFound'],
      ['Normal', 'ReferencesResolved'],
    ]);
  });

  it('writes status once and folds the repeats of a lasting problem into one counted Event', async () => {
    const store = await twoOrganizations();
    await store.users.create({
      metadata: { name: 'carol' },
      spec: {
        email: 'carol@acme.example',
        organizations: [{ name: 'acme' }],
        clusterPermissions: [{ cluster: 'staging', role: 'ghost', effect: 'Allow' }],
      },
    });
    let statusWrites = 0;
    store.users.subscribe((type, user) => {
      if (type === 'update' && user.metadata.name === 'carol') statusWrites++;
    });
    controller = startTestController(iamController({ store, hasher, resyncMs: 60_000 }));
    await controller.settled();
    for (let i = 0; i < 5; i++) {
      await controller.clock.run(60_000);
      await controller.settled();
    }
    expect(statusWrites).toBe(1);
    // Six times at least: at start, at each resync (and when acme got its finalizer).
    const events = controller.events.about('carol');
    expect(events.map((e) => e.reason)).toEqual(['RoleNotFound']);
    expect(events[0]?.series?.count).toBeGreaterThanOrEqual(6);
  });

  it("writes a group's shrinking list of missing members at most once per gap, and its flip to valid at once", async () => {
    const store = await twoOrganizations();
    const members = ['m-1', 'm-2', 'm-3'];
    await store.userGroups.create({
      metadata: { name: 'early', labels: { [organizationLabel]: 'acme' } },
      spec: { organization: 'acme', members },
    });
    const messages: string[] = [];
    store.userGroups.subscribe((type, group) => {
      const valid = group.status?.conditions?.find((c) => c.type === 'Valid');
      if (type === 'update' && valid && messages.at(-1) !== valid.message)
        messages.push(valid.message);
    });
    const member = (name: string) =>
      store.users.create({
        metadata: { name },
        spec: { email: `${name}@acme.example`, organizations: [{ name: 'acme' }] },
      });
    controller = startTestController(iamController({ store, hasher }));
    await controller.settled();
    expect(messages).toEqual(['users m-1, m-2 and m-3 do not exist']);

    // Members arriving within the gap change only the wording: it waits for the gap.
    await member('m-1');
    await controller.settled();
    await controller.clock.run(wordingGapMs / 3);
    await member('m-2');
    await controller.settled();
    expect(messages).toHaveLength(1);
    await controller.clock.run(wordingGapMs);
    await controller.settled();
    expect(messages).toEqual(['users m-1, m-2 and m-3 do not exist', 'user m-3 does not exist']);

    // The last member makes the group valid: written at once, though within the gap.
    await member('m-3');
    await controller.settled();
    const valid = store.userGroups
      .get('early')
      ?.status?.conditions?.find((c) => c.type === 'Valid');
    expect(valid).toMatchObject({ status: 'True' });
    expect(messages).toHaveLength(3);
  });

  it("reports the user's credentials Secret in status, never in spec, and rewrites nothing once settled", async () => {
    const store = await twoOrganizations();
    const spec = { email: 'dana@acme.example', organizations: [{ name: 'acme', admin: false }] };
    await store.users.create({ metadata: { name: 'dana' }, spec });
    controller = startTestController(iamController({ store, hasher }));
    await controller.settled();

    const settled = store.users.get('dana');
    expect(settled?.status?.credentialsSecretRef).toEqual({
      name: 'user-dana',
      namespace: store.namespace,
    });
    expect(settled?.spec).toEqual({ ...spec, sysAdmin: false, mfaEnabled: false });
    // A change of the organization reconciles its users again: nothing of theirs to write.
    await store.organizations.modify('acme', (org) => ({ ...org, description: 'changed' }));
    await controller.settled();
    expect(store.users.get('dana')?.metadata.resourceVersion).toBe(
      settled?.metadata.resourceVersion,
    );
  });
});
