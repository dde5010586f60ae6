import type { ClusterObject } from '../../hub/store.js';
import type { Logger } from '../../logger.js';
import type { ClusterConnector } from '../connector.js';
import { createMemberClient, defaultMemberTimeoutMs } from '../member-client.js';
import type { MemberRbacApi, RbacPlural } from './member-rbac-api.js';
import { memberRbacApi } from './member-rbac-api.js';
import { removableBy } from './ownership.js';

export interface MemberCleanupServices {
  connector: Pick<ClusterConnector, 'connectionFor'>;
  memberTimeoutMs?: number;
  logger?: Logger;
}

/** Calls the cleanup may make in all: connect, two lists, and a few rounds of deletes. */
const budgetCalls = 6;
const plurals: readonly RbacPlural[] = ['clusterrolebindings', 'clusterroles'];

/**
 * Deletes the objects one registration projected (and any of the old shared layout), never
 * another registration's: bindings first, since they are what grants.
 */
export async function removeRegistrationObjects(
  api: MemberRbacApi,
  clusterUid: string,
): Promise<number> {
  const removable = removableBy(clusterUid);
  let removed = 0;
  for (const plural of plurals) {
    const names = (await api.list(plural)).filter(removable).map((o) => o.metadata.name);
    await Promise.all(names.map((name) => api.remove(plural, name)));
    removed += names.length;
  }
  return removed;
}

/**
 * Removes what a Cluster being deleted projected into its member, with its own credentials
 * (they exist while the Cluster's finalizer holds it). Another registration of the same member
 * keeps its objects: they carry its own uid. Best effort within the member deadline: an
 * unreachable member is reported (false) and never blocks the delete.
 */
export async function removeMemberRbac(
  services: MemberCleanupServices,
  cluster: ClusterObject,
): Promise<boolean> {
  const timeoutMs = services.memberTimeoutMs ?? defaultMemberTimeoutMs;
  const log = services.logger?.child({ component: 'member-rbac', cluster: cluster.metadata.name });
  try {
    const { connection, addresses } = await services.connector.connectionFor(cluster, timeoutMs);
    const member = createMemberClient(connection, addresses, { timeoutMs });
    const signal = AbortSignal.timeout(timeoutMs * budgetCalls);
    const api = memberRbacApi(member.asOperator(), { timeoutMs, signal });
    const removed = await removeRegistrationObjects(api, cluster.metadata.uid);
    log?.info({ removed }, 'member RBAC removed with the cluster');
    return true;
  } catch (error) {
    log?.warn({ err: error }, 'member RBAC not cleaned up after the cluster was deleted');
    return false;
  }
}
