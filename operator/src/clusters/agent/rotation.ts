import { ApiError, errors } from '../../core/errors.js';
import { tokenTimes } from '../../core/token-times.js';
import type { ClusterObject, HubStore } from '../../hub/store.js';
import type { ClusterConnector } from '../connector.js';
import { credentialsKey } from '../connector.js';
import { MemberCallError } from '../member-client.js';
import { writeClusterCredentials } from '../registration.js';
import type { IssuedToken } from './agent-api.js';
import { isAgentCluster, requestAgentToken } from './agent-api.js';
import type { AgentCredentials } from './credentials.js';
import { agentCredentialsOf, agentKubeconfig } from './credentials.js';

export interface AgentDeps {
  store: Pick<HubStore, 'clusters' | 'secrets'>;
  connector: Pick<ClusterConnector, 'for'>;
  memberTimeoutMs?: number;
}

/** The lifetime asked for when renewing: the first token's (the command's --duration). */
const defaultLifetimeSeconds = 24 * 3600;
const minLifetimeSeconds = 3600;
const maxLifetimeSeconds = 7 * 24 * 3600;

/** The agent credentials a Cluster registered by command keeps in its Secret. */
export async function storedAgentCredentials(
  store: Pick<HubStore, 'secrets'>,
  cluster: ClusterObject,
): Promise<AgentCredentials | undefined> {
  const secret = await store.secrets.get(cluster.spec.credentialsSecretRef.name);
  try {
    const stored = JSON.parse(secret?.data[credentialsKey] ?? '') as { kubeconfig?: unknown };
    return typeof stored.kubeconfig === 'string'
      ? agentCredentialsOf(stored.kubeconfig)
      : undefined;
  } catch {
    return undefined;
  }
}

function lifetimeOf(token: string): number {
  const times = tokenTimes(token);
  const seconds = times
    ? Math.round((times.expiresAt - times.issuedAt) / 1000)
    : defaultLifetimeSeconds;
  return Math.min(maxLifetimeSeconds, Math.max(minLifetimeSeconds, seconds));
}

/**
 * Renews the agent's token with a TokenRequest made with the current one (the agent may ask for
 * its own tokens and nobody else's), and stores the new kubeconfig; the connector picks it up
 * with the Secret's new version.
 */
export async function rotateAgentCredentials(
  deps: AgentDeps,
  cluster: ClusterObject,
): Promise<IssuedToken> {
  const current = isAgentCluster(cluster)
    ? await storedAgentCredentials(deps.store, cluster)
    : undefined;
  if (!current) {
    throw new ApiError(errors.validationFailed, {
      message: `cluster ${cluster.metadata.name} was not registered with a command: its credentials are not an agent token`,
    });
  }
  let issued: IssuedToken;
  try {
    const member = await deps.connector.for(cluster, 'operator', {
      timeoutMs: deps.memberTimeoutMs,
    });
    issued = await requestAgentToken(member, lifetimeOf(current.token));
  } catch (error) {
    if (!(error instanceof MemberCallError)) throw error;
    throw new ApiError(errors.clusterUnreachable, {
      message: `cluster is unreachable: ${error.message}`,
      cause: error,
    });
  }
  await writeClusterCredentials(deps, cluster, {
    kubeconfig: agentKubeconfig({ ...current, token: issued.token }),
  });
  return issued;
}
