import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterObject } from '../../hub/store.js';
import { createUser } from '../../identity/accounts.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { startIdentityApp } from '../../testing/identity.js';

const manage = '/manage.nimbus.io';
const password = 'secret12';
type Binding = { cluster: string; role: string; effect: 'Allow' | 'Deny' };

let app: IdentityTestApp;
const tokens: Record<string, string> = {};
const orgUid: Record<string, string> = {};

async function addUser(name: string, orgs: string[], extra: Record<string, unknown> = {}) {
  await createUser(app.services, {
    userName: name,
    spec: {
      email: `${name}@example.com`,
      organizations: orgs.map((org) => ({ name: org, admin: false })),
      ...extra,
    },
    password,
  });
  const { body } = await app.call('POST', '/auth.nimbus.io/login', {
    body: { userName: name, password },
  });
  tokens[name] = (body.data as { token: string }).token;
}

async function addCluster(name: string, org?: string): Promise<ClusterObject> {
  return app.store.clusters.create({
    metadata: { name, ...(org ? { labels: { 'nimbus.io/organization': org } } : {}) },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'eu-west-1',
      credentialsSecretRef: { name: `${name}-kubeconfig`, namespace: 'nimbus-system' },
    },
  });
}

function providers(user: string, org: string, query = '') {
  return app.call('GET', `${manage}/organizations/${org}/providers${query}`, {
    token: tokens[user] ?? '',
  });
}

beforeAll(async () => {
  app = await startIdentityApp();
  for (const name of ['acme', 'globex']) {
    const org = await app.store.organizations.create({
      metadata: { name },
      spec: { cnName: name, contact: 'ops', email: `ops@${name}.example` },
    });
    orgUid[name] = org.metadata.uid;
  }
  await app.store.roles.create({
    metadata: { name: 'developer' },
    spec: { builtIn: true, permissions: [{ name: 'workload:view', effect: 'Allow' }] },
  });
  const bindings: Binding[] = [
    { cluster: 'alpha', role: 'developer', effect: 'Allow' },
    { cluster: 'bravo', role: 'developer', effect: 'Deny' },
  ];
  await addUser('alice', ['acme'], { clusterPermissions: bindings });
  await addUser('bob', ['globex']);
  await addUser('root', [], { sysAdmin: true });
  // Created out of order: the answer is sorted by name.
  await addCluster('charlie', 'acme');
  const alpha = await addCluster('alpha', 'acme');
  await addCluster('bravo', 'acme');
  await addCluster('other', 'globex');
  await addCluster('unlabelled');
  await app.store.clusters.applyStatus(alpha.metadata.name, { ready: true });
});

afterAll(async () => {
  await app.close();
});

describe('GET manage/organizations/:orgId/providers', () => {
  it("lists the organization's clusters by name with the caller's roles and status", async () => {
    const { status, body } = await providers('alice', orgUid.acme ?? '');
    expect(status).toBe(200);
    const alpha = app.store.clusters.get('alpha');
    expect(body).toMatchObject({ code: 0, data: { total: 3, page: 1, pageSize: 20 } });
    const data = body.data as { items: Array<Record<string, unknown>> };
    expect(data.items.map((item) => item.name)).toEqual(['alpha', 'bravo', 'charlie']);
    expect(data.items[0]).toEqual({
      providerID: 'alpha',
      provideruuid: alpha?.metadata.uid,
      uuid: alpha?.metadata.uid,
      kind: 'ProviderKubeconfig',
      name: 'alpha',
      cluster: 'alpha',
      regionID: 'eu-west-1',
      ready: true,
      status: 'Allow',
      roles: [{ roleName: 'developer', effect: 'Allow' }],
    });
    expect(data.items[1]).toMatchObject({
      ready: false,
      status: 'Deny',
      roles: [{ roleName: 'developer', effect: 'Deny' }],
    });
    expect(data.items[2]).toMatchObject({ ready: false, status: 'Allow', roles: [] });
  });

  it('pages on the server and accepts the organization name', async () => {
    const { body } = await providers('alice', 'acme', '?page=2&pageSize=1');
    expect(body.data).toMatchObject({ total: 3, page: 2, pageSize: 1, items: [{ name: 'bravo' }] });
    const invalid = await providers('alice', 'acme', '?pageSize=101');
    expect(invalid.body.code).toBe(1000);
  });

  it('refuses a member of another organization (9997), by uuid or by name', async () => {
    for (const ref of [orgUid.acme ?? '', 'acme', 'no-such-org']) {
      const { status, body } = await providers('bob', ref);
      expect(status).toBe(403);
      expect(body.code).toBe(9997);
    }
    const own = await providers('bob', 'globex');
    expect((own.body.data as { items: Array<{ name: string }> }).items).toEqual([
      expect.objectContaining({ name: 'other', status: 'Allow', roles: [] }),
    ]);
  });

  it('lets a system admin read any organization; an unknown one is 1004', async () => {
    const { body } = await providers('root', 'acme');
    expect(body).toMatchObject({ code: 0, data: { total: 3 } });
    expect((await providers('root', 'no-such-org')).body.code).toBe(1004);
  });

  it('refuses an anonymous caller (9998)', async () => {
    const { status, body } = await app.call('GET', `${manage}/organizations/acme/providers`);
    expect(status).toBe(401);
    expect(body.code).toBe(9998);
  });
});
