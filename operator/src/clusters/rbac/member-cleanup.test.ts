import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../identity/accounts.js';
import type { FakeRbacMember } from '../../testing/fake-rbac-member.js';
import { startFakeRbacMember } from '../../testing/fake-rbac-member.js';
import { tokenKubeconfig } from '../../testing/fake-apiserver.js';
import { testClusterServices } from '../../testing/clusters.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { startIdentityApp } from '../../testing/identity.js';
import { captureLogs } from '../../testing/logs.js';
import { fakeClock, until } from '../../testing/fake-clock.js';
import { clusterFinalizer } from '../lifecycle.js';

const clustersPath = '/manage.nimbus.io/providers/ProviderKubeconfig/clusters';
const token = 'operator-token';
const managed = { 'app.kubernetes.io/managed-by': 'nimbus' };
const logs = captureLogs();

let app: IdentityTestApp;
let live: FakeRbacMember;
let dead: FakeRbacMember;
const memberTimeoutMs = 5_000;
// Member deadlines run on a fake clock: the live member answers whatever the machine's load, and
// only the silent member's test moves time, past its deadline.
const clock = fakeClock();
let acme = '';
let admin = '';

type Plural = 'clusterroles' | 'clusterrolebindings';
const put = (member: FakeRbacMember, plural: Plural, name: string, labels: object = managed) =>
  member.objects[plural].set(name, { metadata: { name, labels } });

/** What a registration's projection writes: its user role and binding, labelled with its uid. */
function projected(member: FakeRbacMember, cluster: string): string {
  const uid = app.store.clusters.get(cluster)?.metadata.uid ?? '';
  const name = `nimbus:${uid}:user:jane`;
  const labels = { ...managed, 'nimbus.io/cluster-uid': uid };
  put(member, 'clusterroles', name, labels);
  put(member, 'clusterrolebindings', name, labels);
  return name;
}

function names(member: FakeRbacMember): string[] {
  return [
    ...member.objects.clusterroles.keys(),
    ...member.objects.clusterrolebindings.keys(),
  ].sort();
}

function register(name: string, server: string) {
  return app.call('POST', clustersPath, {
    token: admin,
    body: {
      name,
      organizationId: acme,
      region: 'eu-west-1',
      credentials: { kubeconfig: tokenKubeconfig(server, token) },
    },
  });
}

function remove(name: string) {
  return app.call('DELETE', `${clustersPath}/${name}`, {
    token: admin,
    body: { organizationId: acme },
  });
}

beforeAll(async () => {
  live = await startFakeRbacMember({ token, username: 'member-admin' });
  dead = await startFakeRbacMember({ token, username: 'x', hang: true });
  app = await startIdentityApp({}, (store) => ({
    ...testClusterServices(store, [live.host, dead.host], memberTimeoutMs, clock),
    memberTimeoutMs,
    logger: logs.logger,
  }));
  acme = (
    await app.store.organizations.create({
      metadata: { name: 'acme' },
      spec: { cnName: 'acme', contact: 'ops', email: 'ops@acme.example' },
    })
  ).metadata.uid;
  await createUser(app.services, {
    userName: 'root',
    spec: { email: 'root@example.com', sysAdmin: true },
    password: 'secret12',
  });
  const { body } = await app.call('POST', '/auth.nimbus.io/login', {
    body: { userName: 'root', password: 'secret12' },
  });
  admin = (body.data as { token: string }).token;
});

afterAll(async () => {
  await app.close();
  await live.close();
  await dead.close();
});

describe('deleting a Cluster through the API', () => {
  it('registers a Cluster with the finalizer that cleans up after it', async () => {
    expect((await register('first', live.url)).body.code).toBe(0);
    expect(app.store.clusters.get('first')?.metadata.finalizers).toEqual([clusterFinalizer]);
  });

  it("removes only its own registration's objects: another registration of the member keeps its", async () => {
    expect((await register('second', `${live.url}/`)).body.code).toBe(0);
    const mine = projected(live, 'first');
    const theirs = projected(live, 'second');
    // The old shared layout belongs to no registration: any of them removes it.
    put(live, 'clusterroles', 'nimbus:role:developer');
    put(live, 'clusterrolebindings', 'nimbus:user:jane:developer');
    // Labelled by someone else's tool, or ours by name only: both stay.
    put(live, 'clusterrolebindings', 'ci-deployer');
    put(live, 'clusterroles', 'nimbus:hand-made', {});
    expect((await remove('first')).body.code).toBe(0);
    expect(names(live)).not.toContain(mine);
    expect(names(live)).toEqual(['ci-deployer', 'nimbus:hand-made', theirs, theirs].sort());
    // Bindings go before roles.
    const deletes = live.writes.filter((w) => w.method === 'delete').map((w) => w.plural);
    expect(deletes).toEqual([
      'clusterrolebindings',
      'clusterrolebindings',
      'clusterroles',
      'clusterroles',
    ]);
    expect(app.store.clusters.get('first')).toBeUndefined();
    expect(app.store.secretRecords.get('nimbus-cluster-first-credentials')).toBeUndefined();
  });

  it('removes the bindings naming it (users, its organization’s groups) and its favourites', async () => {
    const bindings = [
      { cluster: 'second', role: 'read-only', effect: 'Allow' as const },
      { cluster: 'elsewhere', role: 'read-only', effect: 'Allow' as const },
    ];
    await app.store.users.create({
      metadata: { name: 'jane' },
      spec: { email: 'jane@example.com', organizations: [{ name: 'acme' }] },
    });
    await app.store.users.modify('jane', (spec) => ({ ...spec, clusterPermissions: bindings }));
    await app.store.userGroups.create({
      metadata: { name: 'devs' },
      spec: { organization: 'acme', members: ['jane'], clusterPermissions: bindings },
    });
    await app.store.favourites.create({
      metadata: { name: 'fav-1' },
      spec: {
        user: 'jane',
        type: 'Node',
        name: 'n1',
        vendor: 'ProviderKubeconfig',
        region: 'eu-west-1',
        cluster: 'second',
      },
    });
    expect((await remove('second')).body.code).toBe(0);
    const left = [{ cluster: 'elsewhere', role: 'read-only', effect: 'Allow' }];
    expect(app.store.users.get('jane')?.spec.clusterPermissions).toEqual(left);
    expect(app.store.userGroups.get('devs')?.spec.clusterPermissions).toEqual(left);
    expect(app.store.favourites.get('fav-1')).toBeUndefined();
    expect(names(live)).toEqual(['ci-deployer', 'nimbus:hand-made']);
  });

  it('still deletes the Cluster and its Secret when the member does not answer', async () => {
    expect((await register('silent', dead.url)).body.code).toBe(0);
    const asked = dead.requests.length;
    const removing = remove('silent');
    // The cleanup's first call has reached the member, which never answers.
    await until(() => dead.requests.length > asked);
    clock.advance(memberTimeoutMs);
    const { body } = await removing;
    expect(body.code).toBe(0);
    expect(app.store.clusters.get('silent')).toBeUndefined();
    expect(app.store.secretRecords.get('nimbus-cluster-silent-credentials')).toBeUndefined();
    const warning = logs
      .entries()
      .find((e) => e.msg === 'member RBAC not cleaned up after the cluster was deleted');
    expect(warning).toMatchObject({ cluster: 'silent', level: 'warn' });
    expect(logs.text()).not.toContain(token);
  });
});
