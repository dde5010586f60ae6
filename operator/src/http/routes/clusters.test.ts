import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../identity/accounts.js';
import type { FakeApiServer } from '../../testing/fake-apiserver.js';
import { startFakeApiServer, tokenKubeconfig } from '../../testing/fake-apiserver.js';
import { testClusterServices } from '../../testing/clusters.js';
import { fakeClock, until } from '../../testing/fake-clock.js';
import type { IdentityTestApp } from '../../testing/identity.js';
import { startIdentityApp } from '../../testing/identity.js';
import { withCacheBehind } from '../../testing/cache-behind.js';

const manage = '/manage.nimbus.io';
const password = 'secret12';
const memberToken = 'member-token-DO-NOT-LEAK-4f1c';
const clustersPath = `${manage}/providers/ProviderKubeconfig/clusters`;

let app: IdentityTestApp;
let member: FakeApiServer;
let dead: FakeApiServer;
const clock = fakeClock(Date.now());
let acme = '';
const tokens: Record<string, string> = {};

async function addUser(name: string, orgs: { name: string; admin: boolean }[], sysAdmin = false) {
  await createUser(app.services, {
    userName: name,
    spec: { email: `${name}@example.com`, organizations: orgs, ...(sysAdmin ? { sysAdmin } : {}) },
    password,
  });
  const { body } = await app.call('POST', '/auth.nimbus.io/login', {
    body: { userName: name, password },
  });
  tokens[name] = (body.data as { token: string }).token;
}

function body(name: string, server = member.url, extra: Record<string, unknown> = {}) {
  return {
    name,
    organizationId: acme,
    region: 'eu-west-1',
    credentials: { kubeconfig: tokenKubeconfig(server, memberToken) },
    ...extra,
  };
}

function call(method: string, path: string, user: string, payload?: unknown) {
  return app.call(method, path, { token: tokens[user] ?? '', body: payload });
}

beforeAll(async () => {
  member = await startFakeApiServer({ gitVersion: 'v1.36.1', nodes: 3, token: memberToken });
  dead = await startFakeApiServer({ hang: true });
  // Member-call deadlines run on a fake clock: a busy machine cannot make the live member miss
  // one, and the dead member's test moves the clock past it.
  app = await startIdentityApp({}, (store) =>
    testClusterServices(store, [member.host, dead.host], 500, clock),
  );
  const org = await app.store.organizations.create({
    metadata: { name: 'acme' },
    spec: { cnName: 'acme', contact: 'ops', email: 'ops@acme.example' },
  });
  acme = org.metadata.uid;
  await app.store.organizations.create({
    metadata: { name: 'globex' },
    spec: { cnName: 'globex', contact: 'ops', email: 'ops@globex.example' },
  });
  await addUser('ada', [{ name: 'acme', admin: true }]);
  await addUser('uma', [{ name: 'acme', admin: false }]);
  await addUser('gus', [{ name: 'globex', admin: true }]);
  await addUser('root', [], true);
});

afterAll(async () => {
  await app.close();
  await member.close();
  await dead.close();
});

describe('GET supportproviders', () => {
  it('lists the six kinds with display info to any signed-in caller', async () => {
    const { body: answer } = await call('GET', `${manage}/supportproviders`, 'uma');
    const items = (answer.data as { items: { kind: string; available: boolean }[] }).items;
    expect(items.map((item) => item.kind)).toEqual([
      'ProviderAWS',
      'ProviderALiCloud',
      'ProviderGCP',
      'ProviderKubeconfig',
      'ProviderTencent',
      'ProviderHuawei',
    ]);
    expect(items.find((item) => item.kind === 'ProviderKubeconfig')).toMatchObject({
      available: true,
      credentialFields: ['kubeconfig'],
    });
  });
});

describe('cluster registration', () => {
  it('creates the Cluster and an owned credentials Secret, and never answers the credentials', async () => {
    const { status, body: answer } = await call('POST', clustersPath, 'ada', body('alpha'));
    expect(status).toBe(200);
    expect(answer.data).toMatchObject({
      name: 'alpha',
      kind: 'ProviderKubeconfig',
      organization: 'acme',
      credentialsSet: true,
    });
    expect(JSON.stringify(answer)).not.toContain(memberToken);
    expect(JSON.stringify(answer)).not.toContain('kubeconfig');
    const cluster = app.store.clusters.get('alpha');
    expect(cluster?.metadata.labels?.['nimbus.io/organization']).toBe('acme');
    const secret = app.store.secretRecords.get(cluster?.spec.credentialsSecretRef.name ?? '');
    expect(secret?.data.credentials).toContain(memberToken);
    expect(secret?.labels['nimbus.io/cluster']).toBe('alpha');
  });

  it('refuses a duplicate name with 1005 and an unknown kind with 1000', async () => {
    expect((await call('POST', clustersPath, 'ada', body('alpha'))).body.code).toBe(1005);
    const unknown = await call(
      'POST',
      `${manage}/providers/ProviderNope/clusters`,
      'ada',
      body('x'),
    );
    expect(unknown.body.code).toBe(1000);
  });

  it('registers under the name in the path, refusing a body that names another', async () => {
    const { name: _name, ...unnamed } = body('unused');
    const other = await call('POST', `${clustersPath}/gamma`, 'ada', body('delta'));
    expect(other.body).toMatchObject({ code: 1000 });
    expect(other.body.message).toMatch(/name.*gamma, as in the path/);
    expect(app.store.clusters.get('gamma')).toBeUndefined();
    expect(app.store.clusters.get('delta')).toBeUndefined();
    expect((await call('POST', `${clustersPath}/Bad_Name`, 'ada', unnamed)).body.code).toBe(1000);

    const named = await call('POST', `${clustersPath}/gamma`, 'ada', unnamed);
    expect(named.body).toMatchObject({ code: 0, data: { name: 'gamma', organization: 'acme' } });
    expect(app.store.clusters.get('gamma')?.metadata.labels?.['nimbus.io/organization']).toBe(
      'acme',
    );
    expect((await call('POST', `${clustersPath}/gamma`, 'ada', body('gamma'))).body.code).toBe(
      1005,
    );
    // The same rights as the other registration.
    expect((await call('POST', `${clustersPath}/eps`, 'uma', unnamed)).body.code).toBe(9997);
    expect((await call('POST', `${clustersPath}/eps`, 'gus', unnamed)).body.code).toBe(9997);
  });

  it('refuses a kubeconfig with an exec plugin with a readable message', async () => {
    const kubeconfig = JSON.stringify({
      clusters: [{ name: 'c', cluster: { server: member.url } }],
      users: [{ name: 'u', user: { exec: { command: 'touch', args: ['/tmp/pwned'] } } }],
      contexts: [{ name: 'x', context: { cluster: 'c', user: 'u' } }],
    });
    const { body: answer } = await call('POST', clustersPath, 'ada', {
      ...body('evil'),
      credentials: { kubeconfig },
    });
    expect(answer.code).toBe(1000);
    expect(answer.message).toMatch(/exec/);
    expect(app.store.clusters.get('evil')).toBeUndefined();
  });

  it('refuses a loopback server that is not on the allow-list', async () => {
    const { body: answer } = await call(
      'POST',
      clustersPath,
      'ada',
      body('loop', 'https://127.0.0.1:1'),
    );
    expect(answer.code).toBe(1000);
    expect(answer.message).toMatch(/loopback/);
  });

  it('lets only system admins and admins of the organization write', async () => {
    expect((await call('POST', clustersPath, 'uma', body('beta'))).body.code).toBe(9997);
    expect((await call('POST', clustersPath, 'gus', body('beta'))).body.code).toBe(9997);
    expect((await call('POST', clustersPath, 'root', body('beta'))).status).toBe(200);
    const remove = await call('DELETE', `${clustersPath}/beta`, 'uma', { organizationId: acme });
    expect(remove.body.code).toBe(9997);
  });

  it('tests connectivity with the stored or the submitted credentials', async () => {
    const stored = await call('POST', `${clustersPath}/alpha/test`, 'ada', {
      organizationId: acme,
    });
    expect(stored.body).toMatchObject({ code: 0, data: { kubernetesVersion: 'v1.36.1' } });
    const unsaved = await call('POST', `${clustersPath}/draft/test`, 'ada', body('draft'));
    expect(unsaved.body.data).toEqual({ kubernetesVersion: 'v1.36.1' });
    expect(member.requests.at(-1)?.headers['impersonate-user']).toBeUndefined();
  });

  it('answers 2001 with the reason when the member does not answer in time', async () => {
    const asked = dead.requests.length;
    const answering = call('POST', `${clustersPath}/draft/test`, 'ada', {
      ...body('draft', dead.url),
    });
    await until(() => dead.requests.length > asked);
    clock.advance(500);
    const { body: answer } = await answering;
    expect(answer.code).toBe(2001);
    expect(answer.message).toBe('cluster is unreachable: no answer within 0.5 s');
  });

  it('updates the region and the credentials timestamp, keeping the Secret write-only', async () => {
    const before = app.store.clusters.get('alpha')?.metadata.annotations;
    // A later clock for the update, instead of sleeping until the time has moved on.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const { body: answer } = await call('PUT', `${clustersPath}/alpha`, 'ada', {
      ...body('alpha'),
      region: 'us-east-1',
    });
    vi.useRealTimers();
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ region: 'us-east-1', credentialsSet: true });
    const updatedAt = (answer.data as { credentialsUpdatedAt: string }).credentialsUpdatedAt;
    expect(updatedAt).not.toBe(before?.['nimbus.io/credentials-updated-at']);
    const keep = await call('PUT', `${clustersPath}/alpha`, 'ada', {
      organizationId: acme,
      region: 'us-east-2',
    });
    expect(keep.body.data).toMatchObject({ region: 'us-east-2', credentialsUpdatedAt: updatedAt });
  });

  it('updates over a status write the cache has not seen yet', async () => {
    const { clusters } = app.store;
    const { body: answer } = await withCacheBehind(
      clusters,
      'alpha',
      () => clusters.applyStatus('alpha', { ready: true }),
      () =>
        call('PUT', `${clustersPath}/alpha`, 'ada', { organizationId: acme, region: 'us-west-1' }),
    );
    expect(answer).toMatchObject({ code: 0, data: { region: 'us-west-1' } });
    expect(clusters.get('alpha')?.spec.region).toBe('us-west-1');
  });

  it('deletes the Cluster and its Secret; another organization cannot see it', async () => {
    const other = await call('DELETE', `${clustersPath}/alpha`, 'root', {
      organizationId: 'globex',
    });
    expect(other.body.code).toBe(1004);
    const secretName = app.store.clusters.get('alpha')?.spec.credentialsSecretRef.name ?? '';
    const { body: answer } = await call('DELETE', `${clustersPath}/alpha`, 'ada', {
      organizationId: acme,
    });
    expect(answer).toMatchObject({ code: 0, data: { name: 'alpha' } });
    expect(app.store.clusters.get('alpha')).toBeUndefined();
    expect(app.store.secretRecords.has(secretName)).toBe(false);
  });

  it('never writes the credentials to the log', () => {
    expect(app.logs.text()).not.toContain(memberToken);
  });
});
