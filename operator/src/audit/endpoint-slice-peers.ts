import type { KubeConfig, V1EndpointSlice } from '@kubernetes/client-node';
import { DiscoveryV1Api } from '@kubernetes/client-node';
import type { PeerSource } from './peers.js';

// Apart from peers.ts so that the audit trail and its tests need no Kubernetes client, which
// takes about half a second to load (tests/tooling/operator-light-modules.test.ts).

function hostPort(address: string, port: number): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}

/** Ready endpoints of the slices except this pod, as http base URLs. */
export function peerUrlsOf(slices: V1EndpointSlice[], selfPodName: string | undefined): string[] {
  const urls = new Set<string>();
  for (const slice of slices) {
    const port = slice.ports?.find((item) => item.name === 'http')?.port ?? slice.ports?.[0]?.port;
    if (port === undefined) continue;
    for (const endpoint of slice.endpoints ?? []) {
      if (endpoint.conditions?.ready === false) continue;
      if (selfPodName !== undefined && endpoint.targetRef?.name === selfPodName) continue;
      const address = endpoint.addresses[0];
      if (address) urls.add(`http://${hostPort(address, port)}`);
    }
  }
  return [...urls];
}

export interface EndpointSliceOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  /** The operator's headless Service, whose EndpointSlices list every replica. */
  service: string;
  selfPodName: string | undefined;
  timeoutMs?: number;
}

export function endpointSlicePeers(options: EndpointSliceOptions): PeerSource {
  const api = options.kubeConfig.makeApiClient(DiscoveryV1Api);
  const timeoutMs = options.timeoutMs ?? 3_000;
  return async () => {
    const listed = api.listNamespacedEndpointSlice({
      namespace: options.namespace,
      labelSelector: `kubernetes.io/service-name=${options.service}`,
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`EndpointSlices not listed within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      const list = await Promise.race([listed, deadline]);
      return peerUrlsOf(list.items, options.selfPodName);
    } finally {
      clearTimeout(timer);
      // The losing request may still fail later; it has nobody left to tell.
      listed.catch(() => undefined);
    }
  };
}
