import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationLabel } from '../../iam/org-scope.js';
import { testClusterServices } from '../../testing/clusters.js';
import type { TestController } from '../../testing/controllers.js';
import { startTestController } from '../../testing/controllers.js';
import { tokenKubeconfig } from '../../testing/fake-apiserver.js';
import type { FakeClock } from '../../testing/fake-clock.js';
import { fakeClock, settle, until } from '../../testing/fake-clock.js';
import type { FakeRbacMember } from '../../testing/fake-rbac-member.js';
import { startFakeRbacMember } from '../../testing/fake-rbac-member.js';
import { orgObject } from '../../testing/iam.js';
import type { MemoryHubStore } from '../../testing/memory-store.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { credentialsKey } from '../connector.js';
import { impersonatorName } from './desired-state.js';
import { memberRbacController } from './reconciler.js';

const timeoutMs = 300;
const debounceMs = 500;
const resyncIntervalMs = 60_000;

async function register(store: MemoryHubStore, name: string, server: string): Promise<void> {
  const secret = `${name}-credentials`;
  await store.secrets.create({
    name: secret,
    data: { [credentialsKey]: JSON.stringify({ kubeconfig: tokenKubeconfig(server, 'op') }) },
  });
  await store.clusters.create({
    metadata: { name, labels: { [organizationLabel]: 'acme' } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'r1',
      credentialsSecretRef: { name: secret, namespace: store.namespace },
    },
  });
  await store.clusters.applyStatus(name, { ready: true });
}

/** acme with alice bound to `live` as developer; clusters belong to acme (register labels them). */
async function acme(): Promise<MemoryHubStore> {
  const store = createMemoryStore();
  await store.organizations.create({ metadata: { name: 'acme' }, spec: orgObject('acme').spec });
  await store.roles.create({
    metadata: { name: 'developer' },
    spec: { builtIn: true, permissions: [{ name: 'application:list', effect: 'allow' }] },
  });
  await store.users.create({
    metadata: { name: 'alice' },
    spec: {
      email: 'alice@example.com',
      organizations: [{ name: 'acme' }],
      clusterPermissions: [{ cluster: 'live', role: 'developer', effect: 'Allow' }],
    },
  });
  return store;
}

function start(store: MemoryHubStore, clock: FakeClock, hosts: string[]): TestController {
  const services = testClusterServices(store, hosts, timeoutMs, clock);
  const factory = memberRbacController({
    store,
    connector: services.connector,
    resyncIntervalMs,
    debounceMs,
    timeoutMs,
  });
  return startTestController(factory, clock);
}

describe('member RBAC projection', () => {
  let live: FakeRbacMember;
  let store: MemoryHubStore;
  let clock: FakeClock;
  let rbac: TestController;
  const bindingNames = () => [...live.objects.clusterrolebindings.keys()].sort();
  const roleNames = () => [...live.objects.clusterroles.keys()].sort();

  beforeAll(async () => {
    live = await startFakeRbacMember({ token: 'op', username: 'member-admin' });
    store = await acme();
    await register(store, 'live', live.url);
    // The same member registered a second time, with no bindings: it must not undo the first.
    await register(store, 'live-again', live.url);
    // A binding projected before member names were prefixed names the bare user: it is rewritten.
    live.objects.clusterrolebindings.set('nimbus:user:alice:developer', {
      metadata: {
        name: 'nimbus:user:alice:developer',
        labels: { 'app.kubernetes.io/managed-by': 'nimbus' },
      },
      roleRef: {
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'ClusterRole',
        name: 'nimbus:role:developer',
      },
      subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'alice' }],
    });
    // Someone else's object with our label but not our name prefix is never touched.
    live.objects.clusterroles.set('helm-thing', {
      metadata: { name: 'helm-thing', labels: { 'app.kubernetes.io/managed-by': 'nimbus' } },
    });
    clock = fakeClock(Date.parse('2030-01-01T00:00:00Z'));
    rbac = start(store, clock, [live.host]);
  });

  afterAll(async () => {
    rbac.stop();
    await live.close();
  });

  it('applies roles and bindings to a ready member at start', async () => {
    await rbac.settled();
    expect(roleNames()).toEqual(['helm-thing', impersonatorName, 'nimbus:role:developer']);
    expect(bindingNames()).toEqual([impersonatorName, 'nimbus:user:alice:developer']);
    expect(live.objects.clusterroles.get(impersonatorName)).toMatchObject({
      rules: [{ resources: ['users'], verbs: ['impersonate'], resourceNames: ['nimbus:alice'] }],
    });
    expect(live.objects.clusterrolebindings.get(impersonatorName)).toMatchObject({
      subjects: [{ kind: 'User', name: 'member-admin' }],
    });
    expect(live.objects.clusterrolebindings.get('nimbus:user:alice:developer')).toMatchObject({
      subjects: [{ kind: 'User', name: 'nimbus:alice' }],
    });
    expect(rbac.events.about('live')).toMatchObject([{ type: 'Normal', reason: 'RbacProjected' }]);
  });

  it('does not write again at the resync when nothing changed, though two Clusters name the same member', async () => {
    const before = live.writes.length;
    clock.advance(resyncIntervalMs);
    await rbac.settled();
    expect(live.writes.slice(before)).toEqual([]);
  });

  it('revokes once the changes settle when the binding turns to Deny, before anything else', async () => {
    const before = live.writes.length;
    await store.users.modify('alice', (spec) => ({
      ...spec,
      clusterPermissions: [{ cluster: 'live', role: 'developer', effect: 'Deny' }],
    }));
    clock.advance(debounceMs - 1);
    await settle();
    expect(live.writes.length).toBe(before);
    clock.advance(1);
    await rbac.settled();
    expect(bindingNames()).toEqual([impersonatorName]);
    expect(roleNames()).toEqual(['helm-thing', impersonatorName]);
    expect(live.writes[before]).toEqual({
      method: 'delete',
      plural: 'clusterrolebindings',
      name: 'nimbus:user:alice:developer',
    });
  });

  it('keeps the impersonation list current when a user is removed', async () => {
    await store.users.delete('alice');
    clock.advance(debounceMs);
    await rbac.settled();
    expect(live.objects.clusterroles.get(impersonatorName)?.rules).toEqual([]);
  });
});

describe('a dead member', () => {
  it('only times out, and says so in an Event on its Cluster, while the live one is projected', async () => {
    const live = await startFakeRbacMember({ token: 'op', username: 'member-admin' });
    const dead = await startFakeRbacMember({ token: 'op', username: 'x', hang: true });
    const store = await acme();
    await register(store, 'live', live.url);
    await register(store, 'dead', dead.url);
    const clock = fakeClock();
    const rbac = start(store, clock, [live.host, dead.host]);
    try {
      // Both are asked who they are; the live one answers, the dead one never does.
      await until(() => live.requests.length >= 2 && dead.requests.length >= 2);
      await settle();
      clock.advance(timeoutMs);
      await rbac.settled();
      expect([...live.objects.clusterrolebindings.keys()]).toContain('nimbus:user:alice:developer');
      expect(rbac.events.about('dead')).toMatchObject([
        {
          type: 'Warning',
          reason: 'RbacProjectionFailed',
          note: 'member RBAC not projected: no answer within 0.3 s',
          regarding: { kind: 'Cluster', name: 'dead' },
        },
      ]);
    } finally {
      rbac.stop();
      await live.close();
      await dead.close();
    }
  });
});
