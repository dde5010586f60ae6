import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dashboardKind } from '../crds/dashboard.js';
import { captureLogs } from '../testing/logs.js';
import { createKindStore } from './kind-store.js';
import { createSecretStore } from './secrets.js';

let server: Server;
let kubeConfig: KubeConfig;
let paths: string[];

/** A hub stand-in that answers every request as the API server answers its resource paths. */
beforeEach(async () => {
  paths = [];
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    // `/secrets/..` arrives as the namespace, `/dashboards/..` as the group's resource list.
    res.end(JSON.stringify({ kind: 'APIResourceList', apiVersion: 'v1', metadata: {} }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'hub', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'hub', token: 'token' }],
    contexts: [{ name: 'hub', cluster: 'hub', user: 'hub' }],
    currentContext: 'hub',
  });
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const impossible = ['..', '.', '', '%2e%2e', 'a/b', '/'];

describe('names no object can have', () => {
  it.each(impossible)('are not found in a kind store, and not asked for: %j', async (name) => {
    const store = createKindStore(kubeConfig, dashboardKind, captureLogs().logger);
    expect(await store.fetch(name)).toBeUndefined();
    expect(await store.delete(name)).toBe(false);
    expect(paths).toEqual([]);
  });

  it.each(impossible)('are not found among the Secrets, and not asked for: %j', async (name) => {
    const secrets = createSecretStore(kubeConfig, 'nimbus');
    expect(await secrets.get(name)).toBeUndefined();
    expect(await secrets.delete(name)).toBe(false);
    expect(paths).toEqual([]);
  });
});
