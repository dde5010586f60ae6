import type { KubeConfig } from '@kubernetes/client-node';

type CreateDispatcher = (cluster: unknown, agentOptions: unknown) => unknown;

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
    const key = JSON.stringify({
      server: (cluster as { server?: string } | null)?.server,
      options,
    });
    const known = dispatchers.get(key);
    if (known !== undefined) return known;
    const dispatcher = build.call(kubeConfig, cluster, agentOptions);
    if (dispatcher !== undefined) dispatchers.set(key, dispatcher);
    return dispatcher;
  };
  return kubeConfig;
}
