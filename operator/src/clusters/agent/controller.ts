import type { ControllerFactory } from '../../controllers/controller.js';
import { watchSpec } from '../../controllers/controller.js';
import { referenceTo } from '../../controllers/status.js';
import { adoptAgentRbac, isAgentCluster } from './agent-api.js';
import { renewalTime } from './credentials.js';
import type { AgentDeps } from './rotation.js';
import { rotateAgentCredentials, storedAgentCredentials } from './rotation.js';

/** Looked at again at least this often: a clock jump or a restored Secret is noticed. */
const maxWaitMs = 60 * 60_000;
/** After a failed renewal (a member down), tried again this soon. */
const retryMs = 5 * 60_000;

const waitUntil = (due: number, now: number): number =>
  Math.max(1_000, Math.min(maxWaitMs, due - now));

/**
 * Keeps the agent token of each Cluster registered by command valid: renews it (TokenRequest)
 * once two thirds of its life have passed, and keeps the agent's RBAC owned by its namespace
 * so unregistering removes all of it. On the controller runtime, so only on the Lease holder.
 */
export function memberAgentController(deps: AgentDeps): ControllerFactory {
  const { store } = deps;
  return ({ clock, events, logger }) => {
    const log = logger.child({ controller: 'member-agent' });
    return {
      name: 'member-agent',
      concurrency: 4,
      watches: [
        watchSpec(store.clusters, (type, cluster) =>
          type === 'delete' || !isAgentCluster(cluster) ? [] : [cluster.metadata.name],
        ),
      ],
      keys: () => store.clusters.list(isAgentCluster).map((c) => c.metadata.name),
      async reconcile(name) {
        const cluster = store.clusters.get(name);
        if (!cluster || cluster.metadata.deletionTimestamp || !isAgentCluster(cluster)) {
          return undefined;
        }
        const credentials = await storedAgentCredentials(store, cluster);
        if (!credentials) return undefined;
        try {
          const member = await deps.connector.for(cluster, 'operator', {
            timeoutMs: deps.memberTimeoutMs,
          });
          await adoptAgentRbac(member);
          const due = renewalTime(credentials.token);
          if (clock.now() < due) return { requeueAfterMs: waitUntil(due, clock.now()) };
          const issued = await rotateAgentCredentials(deps, cluster);
          log.info({ cluster: name, expiresAt: issued.expiresAt }, 'member agent token renewed');
          events.record(referenceTo('Cluster', cluster), {
            type: 'Normal',
            reason: 'CredentialsRotated',
            note: `the agent token was renewed; it expires at ${issued.expiresAt.toISOString()}`,
            action: 'Rotate',
          });
          return { requeueAfterMs: waitUntil(renewalTime(issued.token), clock.now()) };
        } catch (error) {
          log.warn({ err: error, cluster: name }, 'member agent token not renewed');
          events.record(referenceTo('Cluster', cluster), {
            type: 'Warning',
            reason: 'CredentialsNotRotated',
            note: error instanceof Error ? error.message : 'the renewal failed',
            action: 'Rotate',
          });
          return { requeueAfterMs: retryMs };
        }
      },
    };
  };
}
