import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationLabel } from '../access/org-scope.js';
import { testClusterServices } from '../testing/clusters.js';
import type { TestController } from '../testing/controllers.js';
import { startTestController } from '../testing/controllers.js';
import { tokenKubeconfig } from '../testing/fake-apiserver.js';
import type { FakeRbacMember } from '../testing/fake-rbac-member.js';
import { startFakeRbacMember } from '../testing/fake-rbac-member.js';
import { orgObject } from '../testing/iam.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { credentialsKey } from './connector.js';
import type { ClusterObject } from '../hub/store.js';
import { captureLogs } from '../testing/logs.js';
import { fakeClock } from '../testing/fake-clock.js';
import { clusterFinalizer, finalizeCluster } from './lifecycle.js';
import type { ClusterServices } from './registration.js';
import { clusterLifecycleController } from './lifecycle-controller.js';

const token = 'op';
const binding = (cluster: string) => ({ cluster, role: 'owner', effect: 'Allow' as const });

describe('the Cluster finalizer on the controller runtime (kubectl apply and delete)', () => {
  let member: FakeRbacMember;
  let store: MemoryHubStore;
  let lifecycle: TestController;
  let services: ClusterServices;
  let uid = '';
  const logs = captureLogs();
  const finalized = () => logs.entries().filter((entry) => entry.msg === 'cluster finalized');
  const clock = fakeClock();

  beforeAll(async () => {
    member = await startFakeRbacMember({ token, username: 'member-admin' });
    store = createMemoryStore();
    for (const org of ['acme', 'globex']) {
      await store.organizations.create({ metadata: { name: org }, spec: orgObject(org).spec });
    }
    await store.secrets.create({
      name: 'prod-credentials',
      data: {
        [credentialsKey]: JSON.stringify({ kubeconfig: tokenKubeconfig(member.url, token) }),
      },
    });
    // As `kubectl apply` writes it: no finalizer.
    const prod = await store.clusters.create({
      metadata: { name: 'prod', labels: { [organizationLabel]: 'acme' } },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'r1',
        credentialsSecretRef: { name: 'prod-credentials', namespace: store.namespace },
      },
    });
    uid = prod.metadata.uid;
    await store.users.create({
      metadata: { name: 'mallory' },
      spec: {
        email: 'm@example.com',
        organizations: [{ name: 'acme', admin: true }, { name: 'globex' }],
        clusterPermissions: [binding('prod'), binding('staging')],
      },
    });
    for (const [group, org] of [
      ['acme-ops', 'acme'],
      ['globex-ops', 'globex'],
    ] as const) {
      await store.userGroups.create({
        metadata: { name: group },
        spec: { organization: org, members: ['mallory'], clusterPermissions: [binding('prod')] },
      });
    }
    await store.favourites.create({
      metadata: { name: 'fav-prod' },
      spec: {
        user: 'mallory',
        type: 'Node',
        name: 'n1',
        vendor: 'ProviderKubeconfig',
        region: 'r1',
        cluster: 'prod',
      },
    });
    const labels = { 'app.kubernetes.io/managed-by': 'nimbus', 'nimbus.io/cluster-uid': uid };
    const name = `nimbus:${uid}:user:mallory`;
    member.objects.clusterrolebindings.set(name, { metadata: { name, labels } });
    // No test here waits for a deadline: member deadlines run on the controller's fake clock,
    // which no test moves, so the member answers however loaded the machine is.
    services = { ...testClusterServices(store, [member.host], 5_000, clock), logger: logs.logger };
    lifecycle = startTestController(
      clusterLifecycleController({
        store,
        connector: services.connector,
        finalizations: services.finalizations,
        memberTimeoutMs: 5_000,
      }),
      clock,
      logs,
    );
  });

  afterAll(async () => {
    lifecycle.stop();
    await member.close();
  });

  it('adds the finalizer to a Cluster written with kubectl', async () => {
    await lifecycle.settled();
    expect(store.clusters.get('prod')?.metadata.finalizers).toEqual([clusterFinalizer]);
  });

  it('on delete, removes its member RBAC, every binding naming it and its favourites, then lets it go', async () => {
    await store.clusters.delete('prod');
    await lifecycle.settled();
    expect(store.clusters.get('prod')).toBeUndefined();
    expect(member.objects.clusterrolebindings.size).toBe(0);
    expect(store.users.get('mallory')?.spec.clusterPermissions).toEqual([binding('staging')]);
    expect(store.userGroups.get('acme-ops')?.spec.clusterPermissions).toEqual([]);
    // Another organization's group never applies to acme's cluster; it is not acme's to edit.
    expect(store.userGroups.get('globex-ops')?.spec.clusterPermissions).toEqual([binding('prod')]);
    expect(store.favourites.get('fav-prod')).toBeUndefined();
    expect(lifecycle.events.about('prod')).toMatchObject([
      { type: 'Normal', reason: 'CleanedUp', regarding: { uid } },
    ]);
  });

  it('finalizes a Cluster once when an API delete and the controller both take it up', async () => {
    const before = finalized().length;
    await store.clusters.create({
      metadata: { name: 'stage', labels: { [organizationLabel]: 'acme' } },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'r1',
        credentialsSecretRef: { name: 'prod-credentials', namespace: store.namespace },
      },
    });
    await lifecycle.settled();
    // The deletion wakes the controller, which starts finalizing; the API delete finalizes inline.
    await store.clusters.delete('stage');
    const terminating = store.clusters.get('stage');
    expect(terminating?.metadata.deletionTimestamp).toBeDefined();
    await finalizeCluster(services, terminating as ClusterObject);
    await lifecycle.settled();
    expect(store.clusters.get('stage')).toBeUndefined();
    expect(finalized().slice(before)).toMatchObject([{ cluster: 'stage' }]);
  });
});
