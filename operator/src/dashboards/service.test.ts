import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClusterServices } from '../testing/clusters.js';
import type { IdentityTestApp } from '../testing/identity.js';
import { startIdentityApp } from '../testing/identity.js';
import {
  bindRoles,
  seedBuiltInRoles,
  seedOrganizations,
  signedInUser,
} from '../testing/org-fixtures.js';

const monitor = '/monitor.nimbus.io';
let app: IdentityTestApp;
let orgUid: Record<string, string> = {};
const tokens: Record<string, string> = {};

function call(method: string, path: string, user: string, payload?: unknown) {
  return app.call(method, path, { token: tokens[user] ?? '', body: payload });
}

const acme = () => `${monitor}/organizations/${orgUid.acme}`;
const panel = {
  title: 'CPU by pod',
  visualization: 'line',
  query: 'sum(rate(container_cpu_usage_seconds_total[5m])) by (pod)',
  legendFormat: '{{pod}}',
  unit: 'cores',
  threshold: 0.5,
  danger: 0.9,
};

beforeAll(async () => {
  app = await startIdentityApp({}, (store) => testClusterServices(store, []));
  orgUid = await seedOrganizations(app.store, { acme: ['alpha'], globex: ['gamma'] });
  tokens.ada = await signedInUser(app, 'ada', [{ name: 'acme', admin: true }]);
  tokens.uma = await signedInUser(app, 'uma', [{ name: 'acme', admin: false }]);
  tokens.gus = await signedInUser(app, 'gus', [{ name: 'globex', admin: true }]);
  tokens.rex = await signedInUser(app, 'rex', [{ name: 'acme', admin: false }]);
  await seedBuiltInRoles(app.store);
  // operator grants monitoring:manage; read-only does not.
  await bindRoles(app.store, 'uma', [{ cluster: 'alpha', role: 'operator' }]);
  await bindRoles(app.store, 'rex', [{ cluster: 'alpha', role: 'read-only' }]);
});

afterAll(async () => {
  await app.close();
});

describe('dashboard categories', () => {
  it('lets an organization administrator create one and members list it', async () => {
    const created = await call('POST', `${monitor}/dashboard-categories`, 'ada', {
      organizationId: orgUid.acme,
      name: 'infra',
      description: 'Machines',
    });
    expect(created.body.code).toBe(0);
    const stored = app.store.dashboardCategories.get('infra');
    expect(stored?.spec).toEqual({ organization: 'acme', description: 'Machines' });
    expect(stored?.metadata.labels?.['nimbus.io/organization-uid']).toBe(orgUid.acme);
    const { body } = await call('GET', `${acme()}/dashboard-categories`, 'uma');
    expect(body.data).toMatchObject({ items: [{ name: 'infra', dashboards: 0 }] });
  });

  it('refuses a plain member (9997), another organization (9997) and a taken name (1005)', async () => {
    const body = { organizationId: orgUid.acme, name: 'apps' };
    expect((await call('POST', `${monitor}/dashboard-categories`, 'uma', body)).body.code).toBe(
      9997,
    );
    expect((await call('POST', `${monitor}/dashboard-categories`, 'gus', body)).body.code).toBe(
      9997,
    );
    const taken = await call('POST', `${monitor}/dashboard-categories`, 'ada', {
      ...body,
      name: 'infra',
    });
    expect(taken.body).toMatchObject({
      code: 1005,
      message: 'infra already existed, please change',
    });
    expect((await call('GET', `${acme()}/dashboard-categories`, 'gus')).body.code).toBe(9997);
  });
});

describe('dashboards and panels', () => {
  const dashboard = (extra: Record<string, unknown> = {}) => ({
    organizationId: orgUid.acme,
    name: 'nodes',
    category: 'infra',
    cluster: 'alpha',
    ...extra,
  });

  it("refuses a cluster of another organization and a category that is not the organization's", async () => {
    const foreign = await call(
      'POST',
      `${monitor}/dashboards`,
      'uma',
      dashboard({ cluster: 'gamma' }),
    );
    expect(foreign.body).toMatchObject({
      code: 1000,
      message: 'cluster: cluster gamma is not in organization acme',
    });
    const missing = await call(
      'POST',
      `${monitor}/dashboards`,
      'uma',
      dashboard({ category: 'nope' }),
    );
    expect(missing.body.code).toBe(1000);
    expect(app.store.dashboards.get('nodes')).toBeUndefined();
  });

  it('lets a member create a dashboard, add, replace and remove panels', async () => {
    const created = await call('POST', `${monitor}/dashboards`, 'uma', dashboard());
    expect(created.body.data).toMatchObject({
      name: 'nodes',
      cluster: 'alpha',
      location: { vendor: 'ProviderKubeconfig', region: 'eu-west-1', cluster: 'alpha' },
      panels: [],
    });
    const added = await call('POST', `${acme()}/dashboards/nodes/panels`, 'uma', panel);
    expect(added.body.code).toBe(0);
    const [saved] = app.store.dashboards.get('nodes')?.spec.panels ?? [];
    expect(saved).toMatchObject({ ...panel, name: expect.stringMatching(/^panel-[0-9a-f]{8}$/) });

    const name = saved?.name ?? '';
    const replaced = await call('PUT', `${acme()}/dashboards/nodes/panels/${name}`, 'uma', {
      ...panel,
      title: 'CPU',
      visualization: 'bar',
    });
    expect(replaced.body.code).toBe(0);
    expect(app.store.dashboards.get('nodes')?.spec.panels).toMatchObject([
      { name, title: 'CPU', visualization: 'bar' },
    ]);

    const listed = await call('GET', `${acme()}/dashboard-categories/infra/dashboards`, 'uma');
    expect(listed.body.data).toMatchObject({ items: [{ name: 'nodes', panels: [{ name }] }] });

    const removed = await call('DELETE', `${acme()}/dashboards/nodes/panels/${name}`, 'uma');
    expect(removed.body.data).toMatchObject({ panels: [] });
  });

  it('refuses a member without monitoring:manage on the cluster, naming it', async () => {
    const refused = {
      code: 9997,
      message: 'missing permission monitoring:manage on cluster alpha',
      data: { missingPermission: 'monitoring:manage', cluster: 'alpha' },
    };
    const create = await call('POST', `${monitor}/dashboards`, 'rex', dashboard({ name: 'mine' }));
    expect(create.body).toMatchObject(refused);
    const add = await call('POST', `${acme()}/dashboards/nodes/panels`, 'rex', panel);
    expect(add.body).toMatchObject(refused);
    expect((await call('DELETE', `${acme()}/dashboards/nodes`, 'rex')).body).toMatchObject(refused);
    expect((await call('GET', `${acme()}/dashboards/nodes`, 'rex')).body.code).toBe(0);
  });

  it('keeps the panels when the dashboard itself is updated', async () => {
    await call('POST', `${acme()}/dashboards/nodes/panels`, 'uma', { ...panel, name: 'cpu' });
    const updated = await call(
      'PUT',
      `${monitor}/dashboards`,
      'uma',
      dashboard({ description: 'All nodes' }),
    );
    expect(updated.body.data).toMatchObject({
      description: 'All nodes',
      panels: [{ name: 'cpu' }],
    });
  });

  it('validates panels: a query is required, visualizations and units are fixed sets', async () => {
    for (const bad of [
      { query: '' },
      { visualization: 'pie' },
      { title: '' },
      { unit: 'furlongs' },
    ]) {
      const { body } = await call('POST', `${acme()}/dashboards/nodes/panels`, 'uma', {
        ...panel,
        ...bad,
      });
      expect({ bad, code: body.code }).toEqual({ bad, code: 1000 });
    }
  });

  it('hides dashboards from other organizations and refuses to delete a category in use', async () => {
    expect((await call('GET', `${acme()}/dashboards/nodes`, 'gus')).body.code).toBe(9997);
    const globex = `${monitor}/organizations/${orgUid.globex}`;
    expect((await call('GET', `${globex}/dashboards/nodes`, 'gus')).body.code).toBe(1004);
    const inUse = await call('DELETE', `${acme()}/dashboard-categories/infra`, 'ada');
    expect(inUse.body).toMatchObject({ code: 1005 });
    expect((await call('DELETE', `${acme()}/dashboards/nodes`, 'uma')).body.code).toBe(0);
    expect((await call('DELETE', `${acme()}/dashboard-categories/infra`, 'ada')).body.code).toBe(0);
    expect(app.store.dashboardCategories.get('infra')).toBeUndefined();
  });
});
