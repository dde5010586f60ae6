import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import type { V1EndpointSlice } from '@kubernetes/client-node';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointSlicePeers, peerUrlsOf } from './endpoint-slice-peers.js';

const slice: V1EndpointSlice = {
  addressType: 'IPv4',
  metadata: { name: 'nimbus-peers-abc', labels: { 'kubernetes.io/service-name': 'nimbus-peers' } },
  ports: [
    { name: 'metrics', port: 9090 },
    { name: 'http', port: 8080 },
  ],
  endpoints: [
    { addresses: ['10.0.0.1'], targetRef: { kind: 'Pod', name: 'nimbus-0' } },
    { addresses: ['10.0.0.2'], targetRef: { kind: 'Pod', name: 'nimbus-1' } },
    { addresses: ['10.0.0.3'], conditions: { ready: false }, targetRef: { name: 'nimbus-2' } },
  ],
};

describe('peer addresses', () => {
  it('lists the ready replicas other than this pod on the http port', () => {
    expect(peerUrlsOf([slice], 'nimbus-0')).toEqual(['http://10.0.0.2:8080']);
    expect(peerUrlsOf([slice], undefined)).toEqual([
      'http://10.0.0.1:8080',
      'http://10.0.0.2:8080',
    ]);
  });

  it('brackets IPv6 addresses', () => {
    const v6: V1EndpointSlice = {
      addressType: 'IPv6',
      ports: [{ port: 8080 }],
      endpoints: [{ addresses: ['fd00::7'] }],
    };
    expect(peerUrlsOf([v6], 'nimbus-0')).toEqual(['http://[fd00::7]:8080']);
  });
});

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A loopback stand-in for the hub API server's discovery.k8s.io endpoint. */
async function fakeApiServer(answer: (url: URL) => unknown | undefined): Promise<KubeConfig> {
  const server = createServer((req, res) => {
    const body = answer(new URL(req.url ?? '/', 'http://localhost'));
    if (body === undefined) return; // never answers: a stuck API server
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  // client-node only speaks plain HTTP with skipTLSVerify; a loopback fake has no certificate.
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'hub', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'operator', token: 'test-token' }],
    contexts: [{ name: 'hub', cluster: 'hub', user: 'operator' }],
    currentContext: 'hub',
  });
  return kubeConfig;
}

describe('peers from the headless Service', () => {
  it('asks for the Service’s EndpointSlices in the operator namespace', async () => {
    const seen: URL[] = [];
    const kubeConfig = await fakeApiServer((url) => {
      seen.push(url);
      return { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSliceList', items: [slice] };
    });
    const peers = endpointSlicePeers({
      kubeConfig,
      namespace: 'nimbus-system',
      service: 'nimbus-peers',
      selfPodName: 'nimbus-1',
    });
    expect(await peers()).toEqual(['http://10.0.0.1:8080']);
    expect(seen[0]?.pathname).toBe(
      '/apis/discovery.k8s.io/v1/namespaces/nimbus-system/endpointslices',
    );
    expect(seen[0]?.searchParams.get('labelSelector')).toBe(
      'kubernetes.io/service-name=nimbus-peers',
    );
  });

  it('gives up after its deadline when the API server does not answer', async () => {
    const kubeConfig = await fakeApiServer(() => undefined);
    const peers = endpointSlicePeers({
      kubeConfig,
      namespace: 'nimbus-system',
      service: 'nimbus-peers',
      selfPodName: 'nimbus-0',
      timeoutMs: 200,
    });
    await expect(peers()).rejects.toThrow(/within 200 ms/);
  });
});
