import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRoleObject, builtInRoles } from '../../access/built-in-roles.js';
import { createUser } from '../../identity/accounts.js';
import type { FavouriteView } from '../../favourites/favourites.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { startIdentityApp } from '../../testing/identity.js';

const manage = '/manage.nimbus.io';
const password = 'secret12';
const deployment = {
  type: 'Deployment',
  name: 'web',
  vendor: 'aws',
  region: 'eu-west-1',
  cluster: 'alpha',
  namespace: 'shop',
};

let app: IdentityTestApp;
const tokens: Record<string, string> = {};
const uids: Record<string, string> = {};

async function addUser(name: string, extra: Record<string, unknown> = {}) {
  const user = await createUser(app.services, {
    userName: name,
    spec: {
      email: `${name}@example.com`,
      organizations: [{ name: 'acme', admin: false }],
      clusterPermissions: [{ cluster: 'alpha', role: 'developer', effect: 'Allow' }],
      ...extra,
    },
    password,
  });
  uids[name] = user.metadata.uid;
  const { body } = await app.call('POST', '/auth.nimbus.io/login', {
    body: { userName: name, password },
  });
  tokens[name] = (body.data as { token: string }).token;
}

function collections(caller: string, method: string, pathUser: string, body?: unknown) {
  return app.call(method, `${manage}/users/${pathUser}/collections`, {
    token: tokens[caller] ?? '',
    ...(body === undefined ? {} : { body }),
  });
}

async function listOf(user: string): Promise<FavouriteView[]> {
  const { body } = await collections(user, 'GET', uids[user] ?? '');
  expect(body.code).toBe(0);
  return (body.data as { items: FavouriteView[] }).items;
}

beforeAll(async () => {
  app = await startIdentityApp();
  await app.store.organizations.create({
    metadata: { name: 'acme' },
    spec: { cnName: 'acme', contact: 'ops', email: 'ops@acme.example' },
  });
  for (const role of builtInRoles) await app.store.roles.create(builtInRoleObject(role));
  await app.store.roles.create({
    metadata: { name: 'node-reader' },
    spec: { organization: 'acme', permissions: [{ name: 'node:list', effect: 'Allow' }] },
  });
  await app.store.clusters.create({
    metadata: { name: 'alpha', labels: { 'nimbus.io/organization': 'acme' } },
    spec: {
      provider: 'ProviderKubeconfig',
      region: 'eu-west-1',
      credentialsSecretRef: { name: 'alpha-kubeconfig', namespace: 'nimbus-system' },
    },
  });
  await addUser('alice');
  await addUser('bob');
  await addUser('carol');
  await addUser('dave');
  await addUser('root', { sysAdmin: true, organizations: [], clusterPermissions: [] });
});

afterAll(async () => {
  await app.close();
});

describe('favourites', () => {
  it('creates, lists and deletes the caller’s favourites', async () => {
    const created = await app.call('POST', `${manage}/collections`, {
      token: tokens.alice ?? '',
      body: deployment,
    });
    expect(created.body.code).toBe(0);
    const favourite = created.body.data as FavouriteView;
    expect(favourite).toEqual({ id: expect.stringMatching(/^fav-[0-9a-f]{40}$/), ...deployment });
    const stored = app.store.favourites.get(favourite.id);
    expect(stored?.spec.user).toBe('alice');
    expect(stored?.metadata.labels).toEqual({
      'nimbus.io/user': 'alice',
      // The favourite is of this cluster, not of a later one of the same name.
      'nimbus.io/cluster-uid': app.store.clusters.get('alpha')?.metadata.uid,
    });

    const node = { type: 'Node', name: 'node-1', vendor: 'aws', region: 'eu-west-1' };
    const byPath = await collections('alice', 'POST', 'alice', {
      ...node,
      cluster: 'alpha',
      namespace: '',
    });
    expect(byPath.body.code).toBe(0);
    expect(await listOf('alice')).toEqual([favourite, byPath.body.data]);
    expect(await listOf('bob')).toEqual([]);

    const removed = await collections('alice', 'DELETE', uids.alice ?? '', { id: favourite.id });
    expect(removed.body).toMatchObject({ code: 0, data: { id: favourite.id } });
    const byFields = await collections('alice', 'DELETE', 'alice', { ...node, cluster: 'alpha' });
    expect(byFields.body.code).toBe(0);
    expect(await listOf('alice')).toEqual([]);
    expect((await collections('alice', 'DELETE', 'alice', { id: favourite.id })).body.code).toBe(
      1004,
    );
  });

  it('collects the same resource once, however often it is collected', async () => {
    const first = await collections('bob', 'POST', 'bob', deployment);
    const again = await collections('bob', 'POST', uids.bob ?? '', {
      ...deployment,
      region: 'eu-west-2',
    });
    expect(again.body.code).toBe(0);
    expect((again.body.data as FavouriteView).id).toBe((first.body.data as FavouriteView).id);
    expect(await listOf('bob')).toEqual([{ ...(first.body.data as object), region: 'eu-west-2' }]);
    // Alice collecting the same resource gets her own object.
    const alices = await collections('alice', 'POST', 'alice', deployment);
    expect((alices.body.data as FavouriteView).id).not.toBe((first.body.data as FavouriteView).id);
  });

  it('refuses another user’s path with 9997, even to a system admin', async () => {
    for (const [caller, method] of [
      ['alice', 'GET'],
      ['alice', 'POST'],
      ['alice', 'DELETE'],
      ['root', 'GET'],
      ['root', 'POST'],
    ] as const) {
      const body = method === 'GET' ? undefined : deployment;
      const response = await collections(caller, method, uids.bob ?? '', body);
      expect(response.body.code, `${caller} ${method}`).toBe(9997);
    }
    expect(await listOf('bob')).toHaveLength(1);
  });

  it('does not let a caller delete another user’s favourite by its id', async () => {
    const [bobs] = await listOf('bob');
    const response = await collections('alice', 'DELETE', 'alice', { id: bobs?.id });
    expect(response.body.code).toBe(1004);
    expect(await listOf('bob')).toHaveLength(1);
  });

  it('returns only favourites of kinds the caller may list in their cluster', async () => {
    const node = { type: 'Node', name: 'node-1', vendor: 'aws', region: 'eu-west-1' };
    const plural = { ...deployment, type: 'configmaps', name: 'settings' };
    const elsewhere = { ...deployment, cluster: 'bravo' };
    for (const target of [deployment, { ...node, cluster: 'alpha' }, plural]) {
      expect((await collections('carol', 'POST', 'carol', target)).body.code).toBe(0);
    }
    // A cluster the caller has no access to: refused, nothing stored.
    expect((await collections('carol', 'POST', 'carol', elsewhere)).body.code).toBe(9997);
    const types = async () => (await listOf('carol')).map((f) => `${f.cluster}/${f.type}`);
    expect(await types()).toEqual(['alpha/Deployment', 'alpha/Node', 'alpha/configmaps']);

    await app.store.users.modify('carol', (spec) => ({
      ...spec,
      clusterPermissions: [{ cluster: 'alpha', role: 'node-reader', effect: 'Allow' }],
    }));
    expect(await listOf('carol')).toEqual([expect.objectContaining({ ...node, cluster: 'alpha' })]);

    await app.store.users.modify('carol', (spec) => ({
      ...spec,
      clusterPermissions: [{ cluster: 'alpha', role: 'developer', effect: 'Deny' }],
    }));
    expect(await listOf('carol')).toEqual([]);
    // Kept, not deleted: the rights may come back.
    expect(app.store.favourites.list((f) => f.spec.user === 'carol')).toHaveLength(3);
  });

  it('refuses to collect a kind the caller may not list, and stores nothing', async () => {
    await app.store.users.modify('dave', (spec) => ({
      ...spec,
      clusterPermissions: [{ cluster: 'alpha', role: 'node-reader', effect: 'Allow' }],
    }));
    expect((await collections('dave', 'POST', 'dave', deployment)).body.code).toBe(9997);
    const unknownKind = { ...deployment, type: 'Gizmo' };
    expect((await collections('dave', 'POST', 'dave', unknownKind)).body.code).toBe(9997);
    expect(app.store.favourites.list((f) => f.spec.user === 'dave')).toEqual([]);
    const node = {
      type: 'Node',
      name: 'node-1',
      vendor: 'aws',
      region: 'eu-west-1',
      cluster: 'alpha',
    };
    expect((await collections('dave', 'POST', 'dave', node)).body.code).toBe(0);
  });

  it('answers 1000 for an invalid body', async () => {
    const bodies = [
      {},
      { ...deployment, cluster: 'Not A Name' },
      { ...deployment, type: 'no spaces allowed' },
      { ...deployment, vendor: '' },
    ];
    for (const body of bodies) {
      const response = await collections('alice', 'POST', 'alice', body);
      expect(response.body.code, JSON.stringify(body)).toBe(1000);
    }
    expect((await collections('alice', 'DELETE', 'alice', { name: 'web' })).body.code).toBe(1000);
  });

  it('refuses anonymous callers', async () => {
    const response = await app.call('POST', `${manage}/collections`, { body: deployment });
    expect(response.body.code).toBe(9998);
  });
});
