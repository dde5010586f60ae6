import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { afterEach, expect, it } from 'vitest';
import { loopbackCaData, loopbackCertificate, loopbackKey } from '../testing/loopback-tls.js';
import { loadHubKubeConfig } from './client.js';

let server: Server | undefined;
let dir: string | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (dir) rmSync(dir, { recursive: true, force: true });
  server = undefined;
  dir = undefined;
});

/** A TLS hub stand-in that counts the TLS connections made to it, and its kubeconfig file. */
async function tlsHub(): Promise<{ kubeconfig: string; connections: () => number }> {
  let connections = 0;
  server = createServer({ cert: loopbackCertificate, key: loopbackKey }, (req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ kind: 'Namespace', apiVersion: 'v1', metadata: { name: 'one' } }));
  });
  server.on('secureConnection', () => (connections += 1));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  dir = mkdtempSync(join(tmpdir(), 'nimbus-hub-tls-'));
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      `clusters:\n- name: hub\n  cluster:\n    server: https://127.0.0.1:${port}\n    certificate-authority-data: ${loopbackCaData}`,
      'users:\n- name: admin\n  user:\n    token: hub-token',
      'contexts:\n- name: hub\n  context:\n    cluster: hub\n    user: admin',
      'current-context: hub',
    ].join('\n'),
  );
  return { kubeconfig, connections: () => connections };
}

it('reuses TLS connections for successive calls to the hub instead of one per call', async () => {
  const hub = await tlsHub();
  const { kubeConfig } = loadHubKubeConfig(hub.kubeconfig, {});
  if (!kubeConfig) throw new Error('the kubeconfig was not loaded');
  const api = kubeConfig.makeApiClient(CoreV1Api);

  const calls = 20;
  for (let call = 0; call < calls; call += 1) {
    expect((await api.readNamespace({ name: 'one' })).metadata?.name).toBe('one');
  }

  // undici's pool may keep a second connection while the first finishes a response; without
  // reuse every call made its own (20).
  expect(hub.connections()).toBeLessThanOrEqual(calls / 4);
});
