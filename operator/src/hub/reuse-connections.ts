import type { KubeConfig } from '@kubernetes/client-node';

type CreateDispatcher = (cluster: unknown, agentOptions: unknown) => unknown;

// The CA, certificate and key come as Buffers, new ones per request, and a Buffer's toJSON is
// an array of one number per byte: keyed that way they were a tenth of the operator's CPU while
// 11,000 objects were applied to the hub (docs/performance.md "Ten times that"). Their base64 is
// the same content in one native call. Replaced before JSON.stringify, which would call toJSON
// before any replacer.
function buffersAsBase64(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `base64:${value.toString('base64')}`;
  if (Array.isArray(value)) return value.map(buffersAsBase64);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, buffersAsBase64(v)]));
}

/**
 * client-node 2.0 builds a new undici Agent for every request (`KubeConfig.createDispatcher`, called
 * from `applySecurityAuthentication`), so every call to the hub opened a new TCP and TLS
 * connection: a handshake per Lease renewal, per status write, per Event. Under load those
 * handshakes took seconds of the event loop and made the leader miss its renew deadline. This
 * keeps one dispatcher per distinct connection setting (server, CA, client certificate, proxy)
 * and reuses it, as client-go keeps one transport per configuration.
 */
export function reuseConnections(kubeConfig: KubeConfig): KubeConfig {
  // A private method of the library: patched on this one instance, and left alone if a later
  // client-node no longer has it (it then builds its dispatchers its own way).
  const target = kubeConfig as unknown as { createDispatcher?: CreateDispatcher };
  const build = target.createDispatcher;
  if (typeof build !== 'function') return kubeConfig;
  const dispatchers = new Map<string, unknown>();
  target.createDispatcher = (cluster, agentOptions) => {
    const options = kubeConfig.createDispatcherOptions(
      cluster as Parameters<KubeConfig['createDispatcherOptions']>[0],
      agentOptions as Parameters<KubeConfig['createDispatcherOptions']>[1],
    );
    const key = JSON.stringify(
      buffersAsBase64({ server: (cluster as { server?: string } | null)?.server, options }),
    );
    const known = dispatchers.get(key);
    if (known !== undefined) return known;
    const dispatcher = build.call(kubeConfig, cluster, agentOptions);
    if (dispatcher !== undefined) dispatchers.set(key, dispatcher);
    return dispatcher;
  };
  return kubeConfig;
}
