import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '../identity/identity.js';
import { withCacheBehind } from '../testing/cache-behind.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { seedOrganizations } from '../testing/org-fixtures.js';
import { chartSourceSecretName } from './source-credentials.js';
import type { SourceServices } from './source-service.js';
import {
  createChartSource,
  deleteChartSource,
  listChartSources,
  testChartSource,
  updateChartSource,
} from './source-service.js';

const login = `Basic ${Buffer.from('ann:s3cret-pw').toString('base64')}`;
const server = http.createServer((req, res) => {
  if (req.headers.authorization !== login) {
    res.writeHead(401, { 'www-authenticate': 'Basic realm="Registry Realm"' }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ repositories: ['charts/web'] }));
});
let host = '';
let services: SourceServices;
const store = createMemoryStore();
const adminOf = (org: string): Identity => ({
  userName: `${org}-admin`,
  userId: `u-${org}`,
  sysAdmin: false,
  organizations: [{ name: org, uid: `uid-${org}`, admin: true }],
  role: 'user',
  via: 'session',
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  await seedOrganizations(store, { acme: [], globex: [] });
  services = { store, policy: { allowHosts: [host] } };
});
afterAll(() => server.close());

const input = (password: string) => ({
  name: 'charts',
  organizationId: 'acme',
  type: 'OCI' as const,
  url: `oci://${host}/charts`,
  plainHttp: true,
  credentials: { username: 'ann', password },
});

describe('chart sources through the API', () => {
  it('refuses a wrong password with a clear error and stores nothing', async () => {
    const refused = createChartSource(services, adminOf('acme'), input('guess'));
    await expect(refused).rejects.toMatchObject({
      entry: { code: 2006 },
      message: `${host} refused the user name and password (HTTP 401)`,
    });
    expect(store.chartSources.get('charts')).toBeUndefined();
    expect(await store.secrets.get(chartSourceSecretName('charts'))).toBeUndefined();
  });

  it('tests a new source under the name it will have', async () => {
    await expect(testChartSource(services, adminOf('acme'), input('s3cret-pw'))).resolves.toEqual({
      chartCount: 1,
    });
  });

  it('creates a Ready source whose credentials only its Secret holds', async () => {
    const view = await createChartSource(services, adminOf('acme'), input('s3cret-pw'));
    expect(view).toMatchObject({
      name: 'charts',
      organization: 'acme',
      credentialsSet: true,
      ready: { status: 'True', reason: 'ChartsListed', message: '1 chart' },
    });
    const listed = await listChartSources(services, adminOf('acme'), 'acme');
    expect(JSON.stringify([view, listed, store.chartSources.get('charts')])).not.toContain(
      's3cret-pw',
    );
    expect(store.chartSources.get('charts')?.spec).not.toHaveProperty('credentials');
  });

  it('tests and updates with the stored login when none is given', async () => {
    const { credentials: _none, ...withoutCredentials } = input('');
    await expect(testChartSource(services, adminOf('acme'), withoutCredentials)).resolves.toEqual({
      chartCount: 1,
    });
    const updated = await updateChartSource(services, adminOf('acme'), {
      ...withoutCredentials,
      description: 'team charts',
    });
    expect(updated).toMatchObject({ description: 'team charts', credentialsSet: true });
    // The stored login never goes to another host, nor by another scheme.
    for (const moved of [{ url: 'oci://attacker.example/charts' }, { plainHttp: false }]) {
      await expect(
        testChartSource(services, adminOf('acme'), { ...withoutCredentials, ...moved }),
      ).rejects.toMatchObject({ entry: { code: 1014 }, message: /give the credentials again/ });
      await expect(
        updateChartSource(services, adminOf('acme'), { ...withoutCredentials, ...moved }),
      ).rejects.toMatchObject({ entry: { code: 1014 } });
    }
  });

  it('updates over a status write the cache has not seen yet', async () => {
    const { credentials: _none, ...withoutCredentials } = input('');
    const updated = await withCacheBehind(
      store.chartSources,
      'charts',
      () => store.chartSources.applyStatus('charts', { conditions: [] }),
      () =>
        updateChartSource(services, adminOf('acme'), { ...withoutCredentials, description: 'v2' }),
    );
    expect(updated).toMatchObject({ description: 'v2' });
    expect(store.chartSources.get('charts')?.spec.description).toBe('v2');
  });

  it('does not update a source of the same name made since the check', async () => {
    const { credentials: _none, ...withoutCredentials } = input('');
    const original = structuredClone(store.chartSources.get('charts'));
    const replaced = withCacheBehind(
      store.chartSources,
      'charts',
      async () => {
        await store.chartSources.delete('charts');
        await store.chartSources.create({
          metadata: { name: 'charts', labels: original?.metadata.labels ?? {} },
          spec: { ...(original?.spec as object), description: 'made since' } as never,
        });
      },
      () =>
        updateChartSource(services, adminOf('acme'), { ...withoutCredentials, description: 'v3' }),
    );
    await expect(replaced).rejects.toMatchObject({ entry: { code: 1004 } });
    expect(store.chartSources.get('charts')?.spec.description).toBe('made since');
    expect(store.chartSources.get('charts')?.metadata.uid).not.toBe(original?.metadata.uid);
  });

  it("keeps another organization's admin out", async () => {
    await expect(listChartSources(services, adminOf('globex'), 'acme')).rejects.toMatchObject({
      entry: { code: 9997 },
    });
    const sideways = { ...input('s3cret-pw'), organizationId: 'globex' };
    await expect(updateChartSource(services, adminOf('globex'), sideways)).rejects.toMatchObject({
      entry: { code: 1004 },
    });
    await expect(
      deleteChartSource(services, adminOf('globex'), 'globex', 'charts'),
    ).rejects.toMatchObject({ entry: { code: 1004 } });
    // Tested with the stored login only inside its own organization.
    const { credentials: _none, ...probe } = sideways;
    await expect(testChartSource(services, adminOf('globex'), probe)).rejects.toMatchObject({
      entry: { code: 1004 },
    });
  });

  it('deletes the source with its Secret', async () => {
    await deleteChartSource(services, adminOf('acme'), 'acme', 'charts');
    expect(store.chartSources.get('charts')).toBeUndefined();
    expect(await store.secrets.get(chartSourceSecretName('charts'))).toBeUndefined();
  });
});
