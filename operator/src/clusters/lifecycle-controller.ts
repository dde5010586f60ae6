import type { ControllerFactory } from '../controllers/controller.js';
import { watchSpec } from '../controllers/controller.js';
import type { EventIntent } from '../controllers/events.js';
import { referenceTo } from '../controllers/status.js';
import type { ClusterLifecycleDeps, Finalized } from './lifecycle.js';
import { reconcileClusterLifecycle } from './lifecycle.js';

/** The Events a finalized Cluster leaves (visible in `kubectl get events` after it is gone). */
export function finalizedEvents(name: string, done: Finalized): EventIntent[] {
  const removed = `${done.bindings.length} binding holders, ${done.favourites} favourites`;
  const events: EventIntent[] = [
    {
      type: 'Normal',
      reason: 'CleanedUp',
      note: `cluster ${name} deleted: removed what named it (${removed})`,
      action: 'Finalize',
    },
  ];
  if (!done.memberCleaned) {
    events.push({
      type: 'Warning',
      reason: 'MemberRbacNotRemoved',
      note: `the member did not answer: remove its objects labelled nimbus.io/cluster-uid by hand`,
      action: 'Finalize',
    });
  }
  return events;
}

/**
 * Runs the Cluster finalizer (lifecycle.ts) for Clusters deleted with kubectl (an API delete
 * runs it inline, and this finishes what a failure there left), and adds the finalizer to
 * Clusters written with kubectl. On the controller runtime, so only on the Lease holder.
 */
export function clusterLifecycleController(deps: ClusterLifecycleDeps): ControllerFactory {
  const { store } = deps;
  return ({ events, logger }) => {
    const log = logger.child({ controller: 'cluster-lifecycle' });
    const lifecycle = { ...deps, logger: log };
    return {
      name: 'cluster-lifecycle',
      // Each may wait on its member's deadline.
      concurrency: 4,
      watches: [
        watchSpec(store.clusters, (type, cluster) =>
          type === 'delete' ? [] : [cluster.metadata.name],
        ),
      ],
      keys: () => store.clusters.list().map((c) => c.metadata.name),
      async reconcile(name) {
        const cluster = store.clusters.get(name);
        if (!cluster) return undefined;
        const done = await reconcileClusterLifecycle(lifecycle, cluster);
        if (done) {
          for (const event of finalizedEvents(name, done)) {
            events.record(referenceTo('Cluster', cluster), event);
          }
        }
        return undefined;
      },
    };
  };
}
