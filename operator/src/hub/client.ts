import { delimiter } from 'node:path';
import { Health, KubeConfig } from '@kubernetes/client-node';
import { reuseConnections } from './reuse-connections.js';

export type HubSource = 'kubeconfig' | 'in-cluster' | 'none';

export interface HubReadiness {
  ready: boolean;
  /** Short, safe explanation for the /readyz body. */
  reason?: string;
  /** The underlying error message, for the operator's log only. */
  detail?: string;
}

/** What the HTTP layer needs from the hub: whether its API server answers. */
export interface HubProbe {
  probe(): Promise<HubReadiness>;
}

export interface HubClient extends HubProbe {
  readonly source: HubSource;
  /** Undefined when neither KUBECONFIG nor an in-cluster service account is available. */
  readonly kubeConfig: KubeConfig | undefined;
  /** API server URL, for logs; never includes credentials. */
  readonly server: string | undefined;
}

export interface HubClientOptions {
  kubeconfig: string | undefined;
  probeTimeoutMs?: number;
  env?: Record<string, string | undefined>;
}

const defaultProbeTimeoutMs = 3_000;

export function loadHubKubeConfig(
  kubeconfig: string | undefined,
  env: Record<string, string | undefined> = process.env,
): { source: HubSource; kubeConfig: KubeConfig | undefined } {
  if (kubeconfig) {
    const [first, ...rest] = kubeconfig.split(delimiter).filter((file) => file !== '');
    const merged = new KubeConfig();
    if (first) merged.loadFromFile(first);
    for (const file of rest) {
      const next = new KubeConfig();
      next.loadFromFile(file);
      merged.mergeConfig(next, true);
    }
    return { source: 'kubeconfig', kubeConfig: reuseConnections(merged) };
  }
  if (env.KUBERNETES_SERVICE_HOST) {
    const inCluster = new KubeConfig();
    inCluster.loadFromCluster();
    return { source: 'in-cluster', kubeConfig: reuseConnections(inCluster) };
  }
  return { source: 'none', kubeConfig: undefined };
}

export function createHubClient(options: HubClientOptions): HubClient {
  const { source, kubeConfig } = loadHubKubeConfig(options.kubeconfig, options.env);
  const timeoutMs = options.probeTimeoutMs ?? defaultProbeTimeoutMs;
  const health = kubeConfig ? new Health(kubeConfig) : undefined;

  async function probe(): Promise<HubReadiness> {
    if (!health) {
      return {
        ready: false,
        reason: 'hub cluster not configured: set KUBECONFIG or run in-cluster',
      };
    }
    try {
      const ready = await health.readyz({ signal: AbortSignal.timeout(timeoutMs) });
      return ready ? { ready } : { ready, reason: 'hub API server reports not ready' };
    } catch (error) {
      return {
        ready: false,
        reason: isTimeout(error)
          ? `hub API server did not answer within ${timeoutMs} ms`
          : 'hub API server is unreachable',
        detail: describeError(error),
      };
    }
  }

  return { source, kubeConfig, server: kubeConfig?.getCurrentCluster()?.server, probe };
}

/** The error and its causes, outermost first (fetch wraps the socket error in "fetch failed"). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 5;) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function describeError(error: unknown): string {
  return causeChain(error)
    .map((link) => (link instanceof Error ? link.message : String(link)))
    .join(': ');
}

function isTimeout(error: unknown): boolean {
  return causeChain(error).some(
    (link) => link instanceof Error && (link.name === 'AbortError' || link.name === 'TimeoutError'),
  );
}
