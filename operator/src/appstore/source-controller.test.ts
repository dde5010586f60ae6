import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestController } from '../testing/controllers.js';
import { startTestController } from '../testing/controllers.js';
import type { MemoryHubStore } from '../testing/memory-store.js';
import { createMemoryStore } from '../testing/memory-store.js';
import { seedOrganizations } from '../testing/org-fixtures.js';
import { writeSourceCredentials } from './source-credentials.js';
import { chartSourceController, newSourceDelayMs } from './source-controller.js';

/** A registry with basic auth (as docker-registry with htpasswd) holding two charts. */
const login = `Basic ${Buffer.from('ann:secret').toString('base64')}`;
const server = http.createServer((req, res) => {
  if (req.headers.authorization !== login) {
    res.writeHead(401, { 'www-authenticate': 'Basic realm="Registry Realm"' }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ repositories: ['charts/web', 'charts/db', 'images/app'] }));
});
let host = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

let controller: TestController | undefined;
afterEach(() => controller?.stop());

async function source(
  store: MemoryHubStore,
  name: string,
  organization: string,
  password?: string,
) {
  const created = await store.chartSources.create({
    metadata: { name },
    spec: { type: 'OCI', url: `oci://${host}/charts`, plainHttp: true, organization },
  });
  if (password) await writeSourceCredentials(store, created, { username: 'ann', password });
}

const ready = (store: MemoryHubStore, name: string) =>
  store.chartSources.get(name)?.status?.conditions?.find((c) => c.type === 'Ready');

describe('the chart source controller', () => {
  it('sets Ready from a read of the chart list as the stored login, with Events', async () => {
    const store = createMemoryStore();
    await seedOrganizations(store, { acme: [] });
    await source(store, 'good', 'acme', 'secret');
    await source(store, 'wrong', 'acme', 'guess');
    await source(store, 'anonymous', 'acme');
    await source(store, 'orphan', 'nowhere', 'secret');
    controller = startTestController(
      chartSourceController({ store, policy: { allowHosts: [host] } }),
    );
    await controller.settled();

    expect(ready(store, 'good')).toMatchObject({
      status: 'True',
      reason: 'ChartsListed',
      message: '2 charts',
    });
    expect(ready(store, 'wrong')).toMatchObject({
      status: 'False',
      reason: 'CredentialsRefused',
      message: `${host} refused the user name and password (HTTP 401)`,
    });
    expect(ready(store, 'anonymous')).toMatchObject({
      reason: 'CredentialsRefused',
      message: expect.stringContaining('refused anonymous access'),
    });
    expect(ready(store, 'orphan')).toMatchObject({ reason: 'OrganizationNotFound' });
    expect(controller.events.about('good')).toMatchObject([
      { type: 'Normal', reason: 'BecameReady', regarding: { kind: 'ChartSource' } },
    ]);
    expect(controller.events.about('wrong')).toMatchObject([
      { type: 'Warning', reason: 'CredentialsRefused' },
    ]);
    // The password is never in the status or an Event.
    expect(
      JSON.stringify([store.chartSources.list(), controller.events.about('wrong')]),
    ).not.toMatch(/guess|secret/);
  });

  it('checks a source again when its spec changes', async () => {
    const store = createMemoryStore();
    await seedOrganizations(store, { acme: [] });
    await store.chartSources.create({
      metadata: { name: 'moved' },
      spec: {
        type: 'OCI',
        url: 'oci://169.254.169.254/charts',
        plainHttp: true,
        organization: 'acme',
      },
    });
    controller = startTestController(
      chartSourceController({ store, policy: { allowHosts: [host] } }),
    );
    await controller.settled();
    expect(ready(store, 'moved')).toMatchObject({
      reason: 'Unreachable',
      message: expect.stringContaining('is refused'),
    });
    const moved = await store.chartSources.modify('moved', (spec) => ({
      ...spec,
      url: `oci://${host}/charts`,
    }));
    // As the API does: the spec first, then the login given for it.
    await writeSourceCredentials(store, moved, { username: 'ann', password: 'secret' });
    await controller.clock.run(newSourceDelayMs);
    await controller.settled();
    expect(ready(store, 'moved')).toMatchObject({ status: 'True', message: '2 charts' });
  });

  it('never sends the stored login to an address set with kubectl', async () => {
    const heard: Array<string | undefined> = [];
    const elsewhere = http.createServer((req, res) => {
      heard.push(req.headers.authorization);
      res.writeHead(401, { 'www-authenticate': 'Basic realm="x"' }).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const otherHost = `127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    try {
      const store = createMemoryStore();
      await seedOrganizations(store, { acme: [] });
      await source(store, 'good', 'acme', 'secret');
      controller = startTestController(
        chartSourceController({ store, policy: { allowHosts: [host, otherHost] } }),
      );
      await controller.settled();
      expect(ready(store, 'good')).toMatchObject({ status: 'True' });

      await store.chartSources.modify('good', (spec) => ({
        ...spec,
        url: `oci://${otherHost}/charts`,
      }));
      await controller.clock.run(newSourceDelayMs);
      await controller.settled();
      expect(ready(store, 'good')).toMatchObject({ status: 'False', reason: 'CredentialsNotUsed' });
      expect(
        store.chartSources.get('good')?.status?.conditions?.find((c) => c.type === 'Credentials'),
      ).toMatchObject({ status: 'False', reason: 'AddressChanged' });
      expect(heard).toEqual([]);
    } finally {
      elsewhere.close();
    }
  });
});
