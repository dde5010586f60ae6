import { createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHubClient, loadHubKubeConfig } from './client.js';

let server: Server | undefined;
let dir: string | undefined;

afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  server = undefined;
  dir = undefined;
});

/** A loopback stand-in for the hub API server and a kubeconfig file pointing at it. */
async function fakeHub(listener: RequestListener): Promise<string> {
  server = createServer(listener);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  dir = mkdtempSync(join(tmpdir(), 'nimbus-hub-'));
  const file = join(dir, 'kubeconfig');
  writeFileSync(
    file,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      // client-node refuses plain http unless TLS verification is explicitly off.
      `- name: hub\n  cluster:\n    server: http://127.0.0.1:${port}\n    insecure-skip-tls-verify: true`,
      'users:',
      '- name: admin\n  user:\n    token: hub-token',
      'contexts:',
      '- name: hub\n  context:\n    cluster: hub\n    user: admin',
      'current-context: hub',
    ].join('\n'),
  );
  return file;
}

describe('hub client', () => {
  it('is ready when the API server answers /readyz, sending the kubeconfig credentials', async () => {
    const seen: { url?: string; auth?: string } = {};
    const kubeconfig = await fakeHub((req, res) => {
      seen.url = req.url;
      seen.auth = req.headers.authorization;
      res.end('ok');
    });
    const hub = createHubClient({ kubeconfig });
    expect(hub.source).toBe('kubeconfig');
    expect(hub.server).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await hub.probe()).toEqual({ ready: true });
    expect(seen).toEqual({ url: '/readyz', auth: 'Bearer hub-token' });
  });

  it('is not ready when the API server reports an error', async () => {
    const kubeconfig = await fakeHub((_req, res) => {
      res.statusCode = 500;
      res.end('etcd down');
    });
    const readiness = await createHubClient({ kubeconfig }).probe();
    expect(readiness.ready).toBe(false);
  });

  it('gives up at the deadline when the API server hangs', async () => {
    const kubeconfig = await fakeHub(() => undefined);
    const readiness = await createHubClient({ kubeconfig, probeTimeoutMs: 200 }).probe();
    expect(readiness).toMatchObject({
      ready: false,
      reason: 'hub API server did not answer within 200 ms',
    });
  });

  it('is not ready when nothing listens', async () => {
    const kubeconfig = await fakeHub((_req, res) => res.end('ok'));
    server?.close();
    server?.closeAllConnections();
    server = undefined;
    const readiness = await createHubClient({ kubeconfig }).probe();
    expect(readiness).toMatchObject({ ready: false, reason: 'hub API server is unreachable' });
    expect(readiness.detail).toContain('ECONNREFUSED');
  });

  it('reports an unconfigured hub without KUBECONFIG outside a cluster', async () => {
    const hub = createHubClient({ kubeconfig: undefined, env: {} });
    expect(hub.source).toBe('none');
    expect(hub.kubeConfig).toBeUndefined();
    expect(await hub.probe()).toMatchObject({ ready: false });
  });

  it('merges several kubeconfig files, keeping the first current context', async () => {
    const first = await fakeHub((_req, res) => res.end('ok'));
    const second = join(dir ?? '', 'other');
    writeFileSync(
      second,
      'apiVersion: v1\nkind: Config\nclusters:\n- name: other\n  cluster:\n    server: https://10.0.0.1\n' +
        'users: []\ncontexts:\n- name: other\n  context:\n    cluster: other\ncurrent-context: other\n',
    );
    const { kubeConfig } = loadHubKubeConfig(`${first}:${second}`, {});
    expect(kubeConfig?.getCurrentContext()).toBe('hub');
    expect(kubeConfig?.getClusters().map((cluster) => cluster.name)).toEqual(['hub', 'other']);
  });
});
