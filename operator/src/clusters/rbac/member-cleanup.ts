import type { ClusterObject } from '../../hub/store.js';
import type { Logger } from '../../logger.js';
import type { ClusterConnector } from '../connector.js';
import { isAgentCluster, removeAgent } from '../agent/agent-api.js';
import { defaultMemberTimeoutMs } from '../member-client.js';
import type { MemberRbacApi, RbacPlural } from './member-rbac-api.js';
import { MemberRbacError, memberRbacApi } from './member-rbac-api.js';
import { removableBy } from './ownership.js';
import { deadlineSignal } from '../../member/transport/clock.js';

export interface MemberCleanupServices {
  connector: Pick<ClusterConnector, 'for' | 'clock'>;
  memberTimeoutMs?: number;
  logger?: Logger;
}

/** Calls the cleanup may make in all: connect, four lists, and a few rounds of deletes. */
const budgetCalls = 8;
const plurals: readonly RbacPlural[] = [
  'rolebindings',
  'clusterrolebindings',
  'roles',
  'clusterroles',
];

/** What one cleanup removed, and the kinds the member would not let it list. */
export interface RegistrationCleanup {
  removed: number;
  refused: RbacPlural[];
}

/**
 * Deletes the objects one registration projected (and any of the old shared layout), never
 * another registration's: bindings first, since they are what grants. A kind the member
 * refuses to list is skipped, so the kinds it allows are still cleaned.
 */
export async function removeRegistrationObjects(
  api: MemberRbacApi,
  clusterUid: string,
): Promise<RegistrationCleanup> {
  const removable = removableBy(clusterUid);
  const cleanup: RegistrationCleanup = { removed: 0, refused: [] };
  for (const plural of plurals) {
    const listed = await api.list(plural).catch((error: unknown) => {
      if (error instanceof MemberRbacError && error.status === 403) return undefined;
      throw error;
    });
    if (listed === undefined) {
      cleanup.refused.push(plural);
      continue;
    }
    const objects = listed.filter(removable);
    await Promise.all(
      objects.map((o) => api.remove(plural, o.metadata.name, o.metadata.namespace)),
    );
    cleanup.removed += objects.length;
  }
  return cleanup;
}

/**
 * Removes what a Cluster being deleted projected into its member, with its own credentials
 * (they exist while the Cluster's finalizer holds it). Another registration of the same member
 * keeps its objects: they carry its own uid. Best effort within the member deadline: an
 * unreachable member, or one that refuses a list, is reported (false) and never blocks the
 * delete.
 */
export async function removeMemberRbac(
  services: MemberCleanupServices,
  cluster: ClusterObject,
): Promise<boolean> {
  const timeoutMs = services.memberTimeoutMs ?? defaultMemberTimeoutMs;
  const log = services.logger?.child({ component: 'member-rbac', cluster: cluster.metadata.name });
  let budget: ReturnType<typeof deadlineSignal> | undefined;
  try {
    // The pooled connection: the Cluster and its credentials Secret stay while the finalizer
    // holds it, and the pool lets the connection go when the Cluster is gone (index/runtime.ts).
    const member = await services.connector.for(cluster, 'operator', { timeoutMs });
    // The whole cleanup's budget, on the clock of the member calls' own deadlines.
    budget = deadlineSignal(services.connector.clock, timeoutMs * budgetCalls);
    const api = memberRbacApi(member, { timeoutMs, signal: budget.signal });
    const { removed, refused } = await removeRegistrationObjects(api, cluster.metadata.uid);
    if (refused.length > 0) log?.warn({ refused }, 'member refused to list some Nimbus RBAC');
    log?.info({ removed }, 'member RBAC removed with the cluster');
    // Registered by command: what the agent manifest created goes too, the namespace last.
    if (isAgentCluster(cluster)) {
      await removeAgent(member);
      log?.info('member agent removed with the cluster');
    }
    return refused.length === 0;
  } catch (error) {
    log?.warn({ err: error }, 'member RBAC not cleaned up after the cluster was deleted');
    return false;
  } finally {
    budget?.release();
  }
}
