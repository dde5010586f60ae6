import type { ClusterObject, HubStore } from '../../hub/store.js';
import type { Logger } from '../../logger.js';
import type { ClusterConnector } from '../connector.js';
import { createMemberClient, defaultMemberTimeoutMs } from '../member-client.js';
import { managedNamePrefix } from './desired-state.js';
import type { MemberRbacApi, RbacPlural } from './member-rbac-api.js';
import { memberRbacApi } from './member-rbac-api.js';

export interface MemberCleanupServices {
  store: Pick<HubStore, 'clusters'>;
  connector: ClusterConnector;
  memberTimeoutMs?: number;
  logger?: Logger;
}

/** Calls the cleanup may make in all: connect, two lists, and a few rounds of deletes. */
const budgetCalls = 6;
const plurals: readonly RbacPlural[] = ['clusterrolebindings', 'clusterroles'];

function sameServer(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return a === b;
  }
}

/** Whether another registered Cluster still reaches that API server (its reconciler owns it). */
async function sharedWithAnother(
  services: MemberCleanupServices,
  cluster: ClusterObject,
  server: string,
  timeoutMs: number,
): Promise<string | undefined> {
  const others = services.store.clusters.list(
    (c) => c.metadata.name !== cluster.metadata.name && c.metadata.deletionTimestamp === undefined,
  );
  const servers = await Promise.all(
    others.map((other) =>
      services.connector.connectionFor(other, timeoutMs).then(
        ({ connection }) => connection.server,
        // A Cluster that cannot be reached cannot reconcile the member either.
        () => undefined,
      ),
    ),
  );
  const index = servers.findIndex((s) => s !== undefined && sameServer(s, server));
  return index < 0 ? undefined : others[index]?.metadata.name;
}

async function removeManaged(api: MemberRbacApi): Promise<number> {
  let removed = 0;
  // Bindings first: they are what grants; a role left behind by a failure grants nothing.
  for (const plural of plurals) {
    const names = (await api.list(plural))
      .map((o) => o.metadata.name)
      .filter((name) => name.startsWith(managedNamePrefix));
    await Promise.all(names.map((name) => api.remove(plural, name)));
    removed += names.length;
  }
  return removed;
}

/**
 * Removes the Nimbus-managed ClusterRoles and ClusterRoleBindings from the member of a Cluster
 * being deleted. `prepare` connects while the credentials still exist; the returned step runs
 * after the Cluster is gone. Best effort within the member deadline: an unreachable member only
 * logs a warning and never blocks the delete.
 */
export const removeMemberRbac = {
  async prepare(
    services: MemberCleanupServices,
    cluster: ClusterObject,
  ): Promise<() => Promise<void>> {
    const timeoutMs = services.memberTimeoutMs ?? defaultMemberTimeoutMs;
    const log = services.logger?.child({
      component: 'member-rbac',
      cluster: cluster.metadata.name,
    });
    const warn = (error: unknown) =>
      log?.warn({ err: error }, 'member RBAC not cleaned up after the cluster was deleted');
    let pinned;
    try {
      pinned = await services.connector.connectionFor(cluster, timeoutMs);
    } catch (error) {
      warn(error);
      return () => Promise.resolve();
    }
    const { connection, addresses } = pinned;
    return async () => {
      try {
        const sharer = await sharedWithAnother(services, cluster, connection.server, timeoutMs);
        if (sharer) {
          log?.info({ sharedWith: sharer }, 'member RBAC kept: another cluster is that member');
          return;
        }
        const member = createMemberClient(connection, addresses, { timeoutMs });
        const signal = AbortSignal.timeout(timeoutMs * budgetCalls);
        const removed = await removeManaged(
          memberRbacApi(member.asOperator(), { timeoutMs, signal }),
        );
        log?.info({ removed }, 'member RBAC removed with the cluster');
      } catch (error) {
        warn(error);
      }
    };
  },
};
