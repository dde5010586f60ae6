import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationLabel } from '../../access/org-scope.js';
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
import { impersonatorObjectName, registrationPrefix } from './ownership.js';

/** The shared binding (and ClusterRole, same name) through which a registration grants `user`. */
function grantOf(
  bindings: Map<string, Record<string, unknown>>,
  clusterUid: string,
  user: string,
): string | undefined {
  const subjects = (o: Record<string, unknown>) => (o.subjects ?? []) as Array<{ name: string }>;
  return [...bindings.entries()].find(
    ([name, o]) =>
      name.startsWith(`${registrationPrefix(clusterUid)}rules:`) &&
      subjects(o).some((s) => s.name === `nimbus:${user}`),
  )?.[0];
}
import type { ClaimBoard } from './member-claims.js';
import { createClaimBoard } from './member-claims.js';
import { burstGapFactor, maxBurstGapMs, memberRbacController } from './reconciler.js';

const timeoutMs = 300;
const debounceMs = 500;
const resyncIntervalMs = 60_000;

async function register(
  store: MemoryHubStore,
  name: string,
  server: string,
  { org = 'acme', token = 'op' } = {},
): Promise<string> {
  const secret = `${name}-credentials`;
  await store.secrets.create({
    name: secret,
    data: { [credentialsKey]: JSON.stringify({ kubeconfig: tokenKubeconfig(server, token) }) },
  });
  const cluster = await store.clusters.create({
    metadata: { name, labels: { [organizationLabel]: org } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'r1',
      credentialsSecretRef: { name: secret, namespace: store.namespace },
    },
  });
  await store.clusters.applyStatus(name, { ready: true });
  return cluster.metadata.uid;
}

/** acme with alice bound to `live` as developer; clusters belong to acme (register labels them). */
async function acme(): Promise<MemoryHubStore> {
  const store = createMemoryStore();
  await store.organizations.create({ metadata: { name: 'acme' }, spec: orgObject('acme').spec });
  await store.roles.create({
    metadata: { name: 'developer' },
    spec: { builtIn: true, permissions: [{ name: 'application:list', effect: 'Allow' }] },
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

function start(
  store: MemoryHubStore,
  clock: FakeClock,
  hosts: string[],
  claims?: ClaimBoard,
  callTimeoutMs = timeoutMs,
): TestController {
  const services = testClusterServices(store, hosts, callTimeoutMs, clock);
  const factory = memberRbacController({
    store,
    connector: services.connector,
    resyncIntervalMs,
    debounceMs,
    timeoutMs: callTimeoutMs,
    ...(claims ? { claims } : {}),
  });
  return startTestController(factory, clock);
}

describe('member RBAC projection', () => {
  let live: FakeRbacMember;
  let store: MemoryHubStore;
  let clock: FakeClock;
  let rbac: TestController;
  let uid = '';
  const claims = createClaimBoard();
  const bindingNames = () => [...live.objects.clusterrolebindings.keys()].sort();
  const roleNames = () => [...live.objects.clusterroles.keys()].sort();
  const managed = { 'app.kubernetes.io/managed-by': 'nimbus' };

  beforeAll(async () => {
    live = await startFakeRbacMember({ token: 'op', username: 'member-admin' });
    store = await acme();
    uid = await register(store, 'live', live.url);
    // Projected by the version that wrote one set of objects per member: removed.
    live.objects.clusterrolebindings.set('nimbus:user:alice:developer', {
      metadata: { name: 'nimbus:user:alice:developer', labels: managed },
      roleRef: {
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'ClusterRole',
        name: 'nimbus:role:developer',
      },
      subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'alice' }],
    });
    live.objects.clusterroles.set('nimbus:role:developer', {
      metadata: { name: 'nimbus:role:developer', labels: managed },
    });
    // Another registration's (another hub's, say): never touched.
    const theirs = 'nimbus:other-uid:user:bob';
    live.objects.clusterrolebindings.set(theirs, {
      metadata: { name: theirs, labels: { ...managed, 'nimbus.io/cluster-uid': 'other-uid' } },
    });
    // Someone else's object with our label but not our name prefix is never touched.
    live.objects.clusterroles.set('helm-thing', {
      metadata: { name: 'helm-thing', labels: managed },
    });
    clock = fakeClock(Date.parse('2030-01-01T00:00:00Z'));
    rbac = start(store, clock, [live.host], claims);
  });

  afterAll(async () => {
    rbac.stop();
    await live.close();
  });

  it('applies its own objects to a ready member at start and removes those of the old layout', async () => {
    await rbac.settled();
    const alice = grantOf(live.objects.clusterrolebindings, uid, 'alice') ?? 'none';
    const impersonator = impersonatorObjectName(uid);
    expect(roleNames()).toEqual(['helm-thing', alice, impersonator].sort());
    expect(bindingNames()).toEqual(['nimbus:other-uid:user:bob', alice, impersonator].sort());
    expect(live.objects.clusterroles.get(impersonator)).toMatchObject({
      rules: [{ resources: ['users'], verbs: ['impersonate'], resourceNames: ['nimbus:alice'] }],
    });
    expect(live.objects.clusterrolebindings.get(impersonator)).toMatchObject({
      subjects: [{ kind: 'User', name: 'member-admin' }],
    });
    expect(live.objects.clusterrolebindings.get(alice)).toMatchObject({
      metadata: { labels: { 'nimbus.io/cluster-uid': uid, 'nimbus.io/cluster': 'live' } },
      subjects: [{ kind: 'User', name: 'nimbus:alice' }],
    });
    expect(rbac.events.about('live')).toMatchObject([{ type: 'Normal', reason: 'RbacProjected' }]);
    expect(claims.get(uid)).toMatchObject({
      type: 'MemberClaim',
      status: 'True',
      reason: 'SoleRegistration',
    });
  });

  it('does not write again at the resync when nothing changed', async () => {
    const before = live.writes.length;
    clock.advance(resyncIntervalMs);
    await rbac.settled();
    expect(live.writes.slice(before)).toEqual([]);
  });

  it('revokes once the changes settle when the binding turns to Deny, before anything else', async () => {
    const before = live.writes.length;
    const aliceGrant = grantOf(live.objects.clusterrolebindings, uid, 'alice');
    await store.users.modify('alice', (spec) => ({
      ...spec,
      clusterPermissions: [{ cluster: 'live', role: 'developer', effect: 'Deny' }],
    }));
    clock.advance(debounceMs - 1);
    await settle();
    expect(live.writes.length).toBe(before);
    clock.advance(1);
    await rbac.settled();
    expect(bindingNames()).toEqual(
      ['nimbus:other-uid:user:bob', impersonatorObjectName(uid)].sort(),
    );
    expect(roleNames()).toEqual(['helm-thing', impersonatorObjectName(uid)]);
    expect(live.writes[before]).toEqual({
      method: 'delete',
      plural: 'clusterrolebindings',
      name: aliceGrant,
    });
  });

  it('keeps the impersonation list current when a user is removed', async () => {
    await store.users.delete('alice');
    clock.advance(debounceMs);
    await rbac.settled();
    expect(live.objects.clusterroles.get(impersonatorObjectName(uid))?.rules).toEqual([]);
  });
});

describe('one member claimed by Clusters of two organizations', () => {
  it('projects each registration with its own credentials, writes only its own objects, and reports the claim', async () => {
    // b-prod is globex's member; alice's `zz` in acme is her own server answering b-prod's uid.
    const member = await startFakeRbacMember({ token: 'b-op', username: 'b-admin', memberId: 'b' });
    const impostor = await startFakeRbacMember({ token: 'z-op', username: 'z', memberId: 'b' });
    const store = await acme();
    await store.organizations.create({
      metadata: { name: 'globex' },
      spec: orgObject('globex').spec,
    });
    await store.roles.create({
      metadata: { name: 'owner' },
      spec: { builtIn: true, permissions: [{ name: 'node:cordon', effect: 'Allow' }] },
    });
    await store.users.modify('alice', (spec) => ({
      ...spec,
      organizations: [{ name: 'acme', admin: true }, { name: 'globex' }],
      clusterPermissions: [
        { cluster: 'zz', role: 'owner', effect: 'Allow' },
        { cluster: 'b-prod', role: 'developer', effect: 'Allow' },
      ],
    }));
    // Sorted first, as the attack wants: globex's projection must still go to globex's member.
    const zz = await register(store, 'zz', impostor.url, { token: 'z-op' });
    const bProd = await register(store, 'b-prod', member.url, { org: 'globex', token: 'b-op' });
    const clock = fakeClock();
    const claims = createClaimBoard();
    const rbac = start(store, clock, [member.host, impostor.host], claims);
    try {
      await rbac.settled();
      const inMember = [
        ...member.objects.clusterroles.values(),
        ...member.objects.clusterrolebindings.values(),
      ] as Array<{ metadata: { name: string; labels: Record<string, string> } }>;
      expect(inMember.map((o) => o.metadata.labels['nimbus.io/cluster-uid'])).toEqual(
        inMember.map(() => bProd),
      );
      const aliceThere = member.objects.clusterroles.get(
        grantOf(member.objects.clusterrolebindings, bProd, 'alice') ?? 'none',
      );
      expect(JSON.stringify(aliceThere)).toContain('"pods"');
      expect(JSON.stringify(aliceThere)).not.toContain('nodes');
      expect(grantOf(member.objects.clusterrolebindings, zz, 'alice')).toBeUndefined();
      const zzGrant = grantOf(impostor.objects.clusterrolebindings, zz, 'alice') ?? 'none';
      expect(impostor.objects.clusterroles.get(zzGrant)).toMatchObject({
        rules: [{ resources: ['nodes'], verbs: ['patch'] }],
      });
      for (const [name, clusterUid, other] of [
        ['zz', zz, 'b-prod (organization globex)'],
        ['b-prod', bProd, 'zz (organization acme)'],
      ] as const) {
        const claim = claims.get(clusterUid);
        expect(claim).toMatchObject({
          type: 'MemberClaim',
          status: 'False',
          reason: 'RegisteredTwice',
        });
        expect(claim?.message).toContain(other);
        expect(rbac.events.about(name)).toContainEqual(
          expect.objectContaining({ type: 'Warning', reason: 'MemberRegisteredTwice' }),
        );
      }
    } finally {
      rbac.stop();
      await member.close();
      await impostor.close();
    }
  });
});

describe('a dead member', () => {
  it('only times out, and says so in an Event on its Cluster, while the live one is projected', async () => {
    const live = await startFakeRbacMember({ token: 'op', username: 'member-admin' });
    const dead = await startFakeRbacMember({ token: 'op', username: 'x', hang: true });
    const store = await acme();
    const liveUid = await register(store, 'live', live.url);
    await register(store, 'dead', dead.url);
    const clock = fakeClock();
    const rbac = start(store, clock, [live.host, dead.host]);
    try {
      // Both are asked who they are; the live one answers, the dead one never does.
      await until(() => live.requests.length >= 2 && dead.requests.length >= 2);
      await settle();
      clock.advance(timeoutMs);
      // Not knowing who it is does not stop a projection: the lists are asked, and time out too.
      await until(() => dead.requests.length >= 4);
      await settle();
      clock.advance(timeoutMs);
      await rbac.settled();
      expect(grantOf(live.objects.clusterrolebindings, liveUid, 'alice')).toBeDefined();
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

describe('projection passes while changes keep coming', () => {
  it('start three times the last pass after it, at most 2 s, and a change after a quiet spell goes at once', async () => {
    const clock = fakeClock(Date.parse('2030-01-01T00:00:00Z'));
    // Each pass lists the member's ClusterRoles once: that list takes `listMs` of the clock.
    let listMs = 500;
    const member = await startFakeRbacMember({
      token: 'op',
      username: 'member-admin',
      onRequest: (request) => {
        if (/^GET \/apis\/rbac[^?]*\/clusterroles\?/.test(request)) clock.advance(listMs);
      },
    });
    const store = await acme();
    const uid = await register(store, 'live', member.url);
    const rbac = start(store, clock, [member.host], undefined, 10_000);
    const granted = () => grantOf(member.objects.clusterrolebindings, uid, 'alice') !== undefined;
    const bindAlice = (effect: 'Allow' | 'Deny') =>
      store.users.modify('alice', (spec) => ({
        ...spec,
        clusterPermissions: [{ cluster: 'live', role: 'developer', effect }],
      }));
    /** A change right after a pass is projected `gapMs` after that pass ended, not sooner. */
    async function projectedAfter(effect: 'Allow' | 'Deny', gapMs: number) {
      await bindAlice(effect);
      clock.advance(debounceMs);
      await settle();
      expect(granted()).toBe(effect === 'Deny');
      clock.advance(gapMs - debounceMs - 1);
      await settle();
      expect(granted()).toBe(effect === 'Deny');
      clock.advance(1);
      await rbac.settled();
      expect(granted()).toBe(effect === 'Allow');
    }
    try {
      await rbac.settled();
      expect(granted()).toBe(true);
      // The first pass took half a second; the next takes a second.
      listMs = 1_000;
      await projectedAfter('Deny', burstGapFactor * 500);
      // After a pass of a second, three would be asked for: the gap is capped.
      await projectedAfter('Allow', maxBurstGapMs);

      // After a quiet spell as long, a change is projected after the debounce alone.
      clock.advance(maxBurstGapMs);
      await rbac.settled();
      await bindAlice('Deny');
      clock.advance(debounceMs);
      await rbac.settled();
      expect(granted()).toBe(false);
    } finally {
      rbac.stop();
      await member.close();
    }
  });
});
