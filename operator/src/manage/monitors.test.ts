import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../identity/accounts.js';
import type { Resolver } from '../clusters/ssrf-policy.js';
import { testClusterServices } from '../testing/clusters.js';
import type { IdentityTestApp } from '../testing/identity.js';
import { startIdentityApp } from '../testing/identity.js';

const manage = '/manage.nimbus.io';
const password = 'secret12';

// Fake DNS: a private in-VPC name, a public one, and a name that points at the metadata service.
const names: Record<string, string[]> = {
  'prometheus.acme.internal': ['10.0.0.7'],
  'alerts.acme.example': ['203.0.113.9'],
  'sneaky.example': ['169.254.169.254'],
};
const resolve: Resolver = (host) => {
  const found = names[host];
  return found ? Promise.resolve(found) : Promise.reject(new Error('NXDOMAIN'));
};

let app: IdentityTestApp;
const orgUid: Record<string, string> = {};
const tokens: Record<string, string> = {};
let alphaUid = '';

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

function call(method: string, path: string, user: string, payload?: unknown) {
  return app.call(method, path, { token: tokens[user] ?? '', body: payload });
}

function monitor(extra: Record<string, unknown> = {}) {
  return {
    organizationId: orgUid.acme,
    providerId: 'alpha',
    type: 'Prometheus',
    address: 'https://prometheus.acme.internal:9090',
    enabled: true,
    ...extra,
  };
}

const stored = () => app.store.clusters.get('alpha')?.spec.monitors;

beforeAll(async () => {
  app = await startIdentityApp({}, (store) => ({
    ...testClusterServices(store, []),
    policy: { allowHosts: [] },
    resolve,
  }));
  for (const name of ['acme', 'globex']) {
    const org = await app.store.organizations.create({
      metadata: { name },
      spec: { cnName: name, contact: 'ops', email: `ops@${name}.example` },
    });
    orgUid[name] = org.metadata.uid;
  }
  for (const [name, org] of [
    ['alpha', 'acme'],
    ['gamma', 'globex'],
  ] as const) {
    const cluster = await app.store.clusters.create({
      metadata: { name, labels: { 'nimbus.io/organization': org } },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'eu-west-1',
        credentialsSecretRef: { name: `${name}-credentials`, namespace: 'nimbus-system' },
      },
    });
    if (name === 'alpha') alphaUid = cluster.metadata.uid;
  }
  await addUser('ada', [{ name: 'acme', admin: true }]);
  await addUser('uma', [{ name: 'acme', admin: false }]);
  await addUser('gus', [{ name: 'globex', admin: true }]);
  await addUser('root', [], true);
});

afterAll(async () => {
  await app.close();
});

describe('POST monitors', () => {
  it('stores a Prometheus endpoint in spec.monitors and answers its id', async () => {
    const { status, body } = await call('POST', `${manage}/monitors`, 'ada', monitor());
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: 'alpha.prometheus',
      providerId: 'alpha',
      type: 'Prometheus',
      address: 'https://prometheus.acme.internal:9090',
      enabled: true,
    });
    expect(stored()).toEqual([
      { type: 'Prometheus', address: 'https://prometheus.acme.internal:9090', enabled: true },
    ]);
  });

  it('refuses a second endpoint of the same type with 1005', async () => {
    const { body } = await call('POST', `${manage}/monitors`, 'ada', monitor());
    expect(body.code).toBe(1005);
    expect(body.message).toBe('alpha.prometheus already existed, please change');
    expect(stored()).toHaveLength(1);
  });

  it('accepts the cluster uid as providerId', async () => {
    const { body } = await call(
      'POST',
      `${manage}/monitors`,
      'ada',
      monitor({
        providerId: alphaUid,
        type: 'Alertmanager',
        address: 'https://alerts.acme.example',
        enabled: false,
      }),
    );
    expect(body.code).toBe(0);
    expect(stored()?.map((m) => m.type)).toEqual(['Prometheus', 'Alertmanager']);
  });

  it('validates type, URL scheme and the enabled flag', async () => {
    for (const bad of [
      { type: 'Grafana' },
      { address: 'ftp://prometheus.acme.internal' },
      { address: 'not a url' },
      { enabled: 'yes' },
    ]) {
      const { body } = await call('POST', `${manage}/monitors`, 'ada', monitor(bad));
      expect({ bad, code: body.code }).toEqual({ bad, code: 1000 });
    }
  });
});

describe('SSRF policy', () => {
  it.each([
    ['https://127.0.0.1:9090', 'loopback'],
    ['https://169.254.169.254/latest', 'metadata'],
    ['https://metadata.google.internal', 'metadata'],
    ['https://sneaky.example', '169.254.169.254'],
    ['http://alerts.acme.example:9093', 'plain http is only allowed to private network'],
    ['http://203.0.113.9:9090', 'plain http is only allowed to private network'],
    ['http://127.0.0.1:9090', 'loopback'],
  ])('refuses %s and stores nothing', async (address, reason) => {
    const before = structuredClone(stored());
    const put = await call('PUT', `${manage}/monitors`, 'ada', monitor({ address }));
    expect(put.body.code).toBe(1000);
    expect(put.body.message).toContain(reason);
    expect(stored()).toEqual(before);
    const { body } = await call('POST', `${manage}/monitors`, 'root', {
      ...monitor({ address }),
      providerId: 'gamma',
      organizationId: orgUid.globex,
    });
    expect(body.code).toBe(1000);
    expect(app.store.clusters.get('gamma')?.spec.monitors).toBeUndefined();
  });
});

describe('PUT monitors', () => {
  it('takes plain http to a private network address (docs/decisions.md)', async () => {
    const address = 'http://prometheus.acme.internal:9090';
    const { body } = await call('PUT', `${manage}/monitors`, 'ada', monitor({ address }));
    expect(body.code).toBe(0);
    expect(stored()).toContainEqual({ type: 'Prometheus', address, enabled: true });
  });

  it('replaces the address and flag of an existing endpoint', async () => {
    const { body } = await call(
      'PUT',
      `${manage}/monitors`,
      'ada',
      monitor({ address: 'https://10.1.2.3:9090', enabled: false }),
    );
    expect(body.data).toMatchObject({ id: 'alpha.prometheus', enabled: false });
    expect(stored()?.[0]).toEqual({
      type: 'Prometheus',
      address: 'https://10.1.2.3:9090',
      enabled: false,
    });
  });

  it('answers 1004 for a type the cluster has no endpoint of', async () => {
    const { body } = await call('PUT', `${manage}/monitors`, 'root', {
      ...monitor(),
      providerId: 'gamma',
      organizationId: orgUid.globex,
    });
    expect(body.code).toBe(1004);
    expect(app.store.clusters.get('gamma')?.spec.monitors).toBeUndefined();
  });
});

describe('organization scoping', () => {
  it('refuses an admin of another organization (9997 for its org, 1004 for its cluster)', async () => {
    const foreignOrg = await call(
      'POST',
      `${manage}/monitors`,
      'gus',
      monitor({ type: 'Alertmanager' }),
    );
    expect(foreignOrg.body.code).toBe(9997);
    const foreignCluster = await call('PUT', `${manage}/monitors`, 'gus', {
      ...monitor(),
      organizationId: orgUid.globex,
    });
    expect(foreignCluster.body.code).toBe(1004);
    const remove = await call('DELETE', `${manage}/monitors/alpha.prometheus`, 'gus');
    expect(remove.body.code).toBe(1004);
    const list = await call('GET', `${manage}/monitors/providers/alpha`, 'gus');
    expect(list.body.code).toBe(1004);
    expect(stored()).toHaveLength(2);
  });

  it('lets a plain member of the organization read the endpoints, not change them', async () => {
    const { body } = await call('GET', `${manage}/monitors/providers/${alphaUid}`, 'uma');
    expect(body.data).toEqual({
      items: [
        {
          id: 'alpha.prometheus',
          providerId: 'alpha',
          type: 'Prometheus',
          address: 'https://10.1.2.3:9090',
          enabled: false,
        },
        {
          id: 'alpha.alertmanager',
          providerId: 'alpha',
          type: 'Alertmanager',
          address: 'https://alerts.acme.example',
          enabled: false,
        },
      ],
    });
    const remove = await call('DELETE', `${manage}/monitors/alpha.prometheus`, 'uma');
    expect(remove.body.code).toBe(9997);
    expect(stored()).toHaveLength(2);
  });
});

describe('DELETE monitors', () => {
  it('removes one endpoint, then 1004 for it and for a malformed id', async () => {
    const { body } = await call('DELETE', `${manage}/monitors/alpha.prometheus`, 'ada');
    expect(body.data).toEqual({ id: 'alpha.prometheus' });
    expect(stored()?.map((m) => m.type)).toEqual(['Alertmanager']);
    expect((await call('DELETE', `${manage}/monitors/alpha.prometheus`, 'ada')).body.code).toBe(
      1004,
    );
    expect((await call('DELETE', `${manage}/monitors/alpha`, 'ada')).body.code).toBe(1004);
  });

  it('lets a system admin remove the last one, leaving no monitors field', async () => {
    const { body } = await call('DELETE', `${manage}/monitors/alpha.alertmanager`, 'root');
    expect(body.code).toBe(0);
    expect(app.store.clusters.get('alpha')?.spec).not.toHaveProperty('monitors');
    const list = await call('GET', `${manage}/monitors/providers/alpha`, 'ada');
    expect(list.body.data).toEqual({ items: [] });
  });
});
