import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../outbound/policy.js';
import { testClusterServices } from '../testing/clusters.js';
import type { IdentityTestApp } from '../testing/identity.js';
import { startIdentityApp } from '../testing/identity.js';
import { withCacheBehind } from '../testing/cache-behind.js';
import { seedOrganizations, signedInUser } from '../testing/org-fixtures.js';

const manage = '/manage.nimbus.io';

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
let orgUid: Record<string, string> = {};
const tokens: Record<string, string> = {};
let alphaUid = '';

function call(method: string, path: string, user: string, payload?: unknown) {
  return app.call(method, path, { token: tokens[user] ?? '', body: payload });
}

const prometheusService = {
  namespace: 'monitoring',
  name: 'prometheus',
  port: 9090,
  scheme: 'http',
};
const alertmanagerService = { ...prometheusService, name: 'alertmanager', port: 9093 };

/** A monitor naming a Service of the cluster, the way every administrator may. */
function monitor(extra: Record<string, unknown> = {}) {
  return {
    organizationId: orgUid.acme,
    providerId: 'alpha',
    type: 'Prometheus',
    service: prometheusService,
    enabled: true,
    ...extra,
  };
}

/** A monitor at a direct address: only a system administrator may set one. */
function direct(address: string, extra: Record<string, unknown> = {}) {
  const { service: _service, ...rest } = monitor(extra);
  return { ...rest, address };
}

const stored = () => app.store.clusters.get('alpha')?.spec.monitors;

beforeAll(async () => {
  app = await startIdentityApp({}, (store) => ({
    ...testClusterServices(store, []),
    policy: { allowHosts: [] },
    resolve,
  }));
  orgUid = await seedOrganizations(app.store, { acme: ['alpha'], globex: ['gamma'] });
  alphaUid = app.store.clusters.get('alpha')?.metadata.uid ?? '';
  tokens.ada = await signedInUser(app, 'ada', [{ name: 'acme', admin: true }]);
  tokens.uma = await signedInUser(app, 'uma', [{ name: 'acme', admin: false }]);
  tokens.gus = await signedInUser(app, 'gus', [{ name: 'globex', admin: true }]);
  tokens.root = await signedInUser(app, 'root', [], true);
});

afterAll(async () => {
  await app.close();
});

describe('POST monitors', () => {
  it('stores a Prometheus Service in spec.monitors and answers its id', async () => {
    const { status, body } = await call('POST', `${manage}/monitors`, 'ada', monitor());
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: 'alpha.prometheus',
      providerId: 'alpha',
      type: 'Prometheus',
      service: prometheusService,
      enabled: true,
    });
    expect(stored()).toEqual([{ type: 'Prometheus', service: prometheusService, enabled: true }]);
  });

  it('refuses a second endpoint of the same type with 1005', async () => {
    const { body } = await call('POST', `${manage}/monitors`, 'ada', monitor());
    expect(body.code).toBe(1005);
    expect(body.message).toBe('alpha.prometheus already existed, please change');
    expect(stored()).toHaveLength(1);
  });

  it('refuses an organization admin a direct address with 9997 and says why', async () => {
    const before = structuredClone(stored());
    const address = 'https://prometheus.acme.internal:9090';
    for (const [method, type] of [
      ['POST', 'Alertmanager'],
      ['PUT', 'Prometheus'],
    ] as const) {
      const { body } = await call(method, `${manage}/monitors`, 'ada', direct(address, { type }));
      expect(body.code).toBe(9997);
      expect(body.message).toContain(
        'only a system administrator may set a direct monitor address',
      );
    }
    expect(stored()).toEqual(before);
  });

  it('accepts the cluster uid as providerId', async () => {
    const { body } = await call(
      'POST',
      `${manage}/monitors`,
      'ada',
      monitor({
        providerId: alphaUid,
        type: 'Alertmanager',
        service: alertmanagerService,
        enabled: false,
      }),
    );
    expect(body.code).toBe(0);
    expect(stored()?.map((m) => m.type)).toEqual(['Prometheus', 'Alertmanager']);
  });

  it('validates type, the service, URL scheme and the enabled flag', async () => {
    const { service: _service, ...neither } = monitor();
    for (const bad of [
      monitor({ type: 'Grafana' }),
      monitor({ service: { ...prometheusService, port: 0 } }),
      monitor({ service: { ...prometheusService, namespace: 'Not_A_Namespace' } }),
      monitor({ address: 'https://10.0.0.9:9090' }),
      neither,
      direct('ftp://prometheus.acme.internal'),
      direct('not a url'),
      monitor({ enabled: 'yes' }),
    ]) {
      const { body } = await call('POST', `${manage}/monitors`, 'root', bad);
      expect({ bad, code: body.code }).toEqual({ bad, code: 1000 });
    }
  });
});

describe('SSRF policy on the direct addresses of system administrators', () => {
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
    const put = await call('PUT', `${manage}/monitors`, 'root', direct(address));
    expect(put.body.code).toBe(1000);
    expect(put.body.message).toContain(reason);
    expect(stored()).toEqual(before);
    const { body } = await call('POST', `${manage}/monitors`, 'root', {
      ...direct(address),
      providerId: 'gamma',
      organizationId: orgUid.globex,
    });
    expect(body.code).toBe(1000);
    expect(app.store.clusters.get('gamma')?.spec.monitors).toBeUndefined();
  });
});

describe('PUT monitors', () => {
  it("takes a system admin's plain http to a private network address (docs/decisions/monitoring.md)", async () => {
    const address = 'http://prometheus.acme.internal:9090';
    const { body } = await call('PUT', `${manage}/monitors`, 'root', direct(address));
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ address });
    expect(stored()).toContainEqual({ type: 'Prometheus', address, enabled: true });
  });

  it('lets an organization admin replace that address by a Service, and the flag', async () => {
    const { body } = await call('PUT', `${manage}/monitors`, 'ada', monitor({ enabled: false }));
    expect(body.data).toMatchObject({ id: 'alpha.prometheus', enabled: false });
    expect(stored()?.[0]).toEqual({
      type: 'Prometheus',
      service: prometheusService,
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
          service: prometheusService,
          enabled: false,
        },
        {
          id: 'alpha.alertmanager',
          providerId: 'alpha',
          type: 'Alertmanager',
          service: alertmanagerService,
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

describe('a monitor added just as the cluster status changes', () => {
  it('is written over the status the cache has not seen yet', async () => {
    const { clusters } = app.store;
    const { body } = await withCacheBehind(
      clusters,
      'alpha',
      () => clusters.applyStatus('alpha', { ready: true }),
      () => call('POST', `${manage}/monitors`, 'ada', monitor()),
    );
    expect(body.code).toBe(0);
    expect(stored()?.map((m) => m.type)).toEqual(['Prometheus']);
  });
});
