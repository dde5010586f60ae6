import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClusterServices } from '../../testing/clusters.js';
import type { FakeRbacMember } from '../../testing/fake-rbac-member.js';
import { startFakeRbacMember } from '../../testing/fake-rbac-member.js';
import { tokenKubeconfig } from '../../testing/fake-apiserver.js';
import { captureLogs } from '../../testing/logs.js';
import type { MemoryHubStore } from '../../testing/memory-store.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { orgObject } from '../../testing/iam.js';
import { organizationLabel } from '../../iam/org-scope.js';
import { credentialsKey } from '../connector.js';
import { impersonatorName } from './desired-state.js';
import type { MemberRbacReconciler } from './reconciler.js';
import { startMemberRbac } from './reconciler.js';

let live: FakeRbacMember;
let dead: FakeRbacMember;
let store: MemoryHubStore;
let reconciler: MemberRbacReconciler;

async function register(name: string, server: string, ready: boolean): Promise<void> {
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
  await store.clusters.applyStatus(name, { ready });
}

const bindingNames = () => [...live.objects.clusterrolebindings.keys()].sort();
const roleNames = () => [...live.objects.clusterroles.keys()].sort();

beforeAll(async () => {
  live = await startFakeRbacMember({ token: 'op', username: 'member-admin' });
  dead = await startFakeRbacMember({ token: 'op', username: 'x', hang: true });
  store = createMemoryStore();
  // Clusters belong to acme (register labels them): bindings count only inside it.
  await store.organizations.create({ metadata: { name: 'acme' }, spec: orgObject('acme').spec });
  await register('live', live.url, true);
  await register('dead', dead.url, true);
  // The same member registered a second time, with no bindings: it must not undo the first.
  await register('live-again', live.url, true);
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
  const services = testClusterServices(store, [live.host, dead.host], 300);
  reconciler = startMemberRbac({
    store,
    connector: services.connector,
    logger: captureLogs().logger,
    resyncIntervalMs: 60_000,
    debounceMs: 50,
    timeoutMs: 300,
  });
});

afterAll(async () => {
  reconciler.stop();
  await live.close();
  await dead.close();
});

describe('startMemberRbac', () => {
  it('applies roles and bindings to a ready member while a dead member only times out', async () => {
    await reconciler.reconcileAll();
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
  });

  it('does not write again when nothing changed, though two Clusters name the same member', async () => {
    const before = live.writes.length;
    await reconciler.reconcileAll();
    expect(live.writes.slice(before)).toEqual([]);
  });

  it('revokes within moments when the binding turns to Deny, before anything else', async () => {
    const before = live.writes.length;
    await store.users.modify('alice', (spec) => ({
      ...spec,
      clusterPermissions: [{ cluster: 'live', role: 'developer', effect: 'Deny' }],
    }));
    await expect.poll(bindingNames, { timeout: 2_000 }).toEqual([impersonatorName]);
    await expect.poll(roleNames, { timeout: 2_000 }).toEqual(['helm-thing', impersonatorName]);
    expect(live.writes[before]).toEqual({
      method: 'delete',
      plural: 'clusterrolebindings',
      name: 'nimbus:user:alice:developer',
    });
  });

  it('keeps the impersonation list current when a user is removed', async () => {
    await store.users.delete('alice');
    await expect
      .poll(() => live.objects.clusterroles.get(impersonatorName)?.rules, { timeout: 2_000 })
      .toEqual([]);
  });
});
