import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../identity/accounts.js';
import type { FakeRbacMember } from '../../testing/fake-rbac-member.js';
import { startFakeRbacMember } from '../../testing/fake-rbac-member.js';
import { tokenKubeconfig } from '../../testing/fake-apiserver.js';
import { testClusterServices } from '../../testing/clusters.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { startIdentityApp } from '../../testing/identity.js';
import { captureLogs } from '../../testing/logs.js';

const clustersPath = '/manage.nimbus.io/providers/ProviderKubeconfig/clusters';
const token = 'operator-token';
const managed = { 'app.kubernetes.io/managed-by': 'nimbus' };
const logs = captureLogs();

let app: IdentityTestApp;
let live: FakeRbacMember;
let dead: FakeRbacMember;
let acme = '';
let admin = '';

function seed(member: FakeRbacMember): void {
  const put = (plural: 'clusterroles' | 'clusterrolebindings', name: string, labels = managed) =>
    member.objects[plural].set(name, { metadata: { name, labels } });
  put('clusterroles', 'nimbus:role:developer');
  put('clusterroles', 'nimbus:impersonator');
  put('clusterrolebindings', 'nimbus:user:jane:developer');
  // Labelled by someone else's tool, or ours by name only: both stay.
  put('clusterrolebindings', 'ci-deployer');
  put('clusterroles', 'nimbus:hand-made', {} as typeof managed);
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
    ...testClusterServices(store, [live.host, dead.host], 300),
    memberTimeoutMs: 300,
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
  it('keeps the member RBAC while another Cluster names the same API server', async () => {
    seed(live);
    expect((await register('first', live.url)).body.code).toBe(0);
    expect((await register('second', `${live.url}/`)).body.code).toBe(0);
    expect((await remove('first')).body.code).toBe(0);
    expect(live.writes.filter((w) => w.method === 'delete')).toEqual([]);
    expect(names(live)).toContain('nimbus:user:jane:developer');
  });

  it('removes the nimbus: objects of the last Cluster of a member, nothing else', async () => {
    expect((await remove('second')).body.code).toBe(0);
    expect(names(live)).toEqual(['ci-deployer', 'nimbus:hand-made']);
    // Bindings go before roles.
    expect(live.writes.map((w) => w.plural)).toEqual([
      'clusterrolebindings',
      'clusterroles',
      'clusterroles',
    ]);
    expect(app.store.clusters.get('second')).toBeUndefined();
    expect(app.store.secretRecords.get('nimbus-cluster-second-credentials')).toBeUndefined();
  });

  it('still deletes the Cluster and its Secret when the member does not answer', async () => {
    expect((await register('silent', dead.url)).body.code).toBe(0);
    const { body } = await remove('silent');
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
