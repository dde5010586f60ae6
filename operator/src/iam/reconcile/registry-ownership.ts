import { ownershipCondition } from '../../clusters/ownership-condition.js';
import type { HubStore } from '../../hub/store.js';
import type { Logger } from '../../logger.js';
import { namedOrganization } from '../org-scope.js';
import { conditionsDiffer, mergeConditions } from './conditions.js';
import { WorkQueue } from './queue.js';

export interface RegistryOwnership {
  stop(): void;
  /** Resolves when every queued registry has been written (for tests). */
  idle(): Promise<void>;
}

/**
 * Registries have no other controller yet: this one writes their `Organization` condition, so a
 * registry that belongs to nobody (its organization is gone, or was created again after the
 * registry was given to the earlier one) says why in `kubectl describe`. Runs on the leader.
 */
export function startRegistryOwnership(deps: {
  store: Pick<HubStore, 'registries' | 'organizations'>;
  logger: Logger;
  now?: () => Date;
}): RegistryOwnership {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.logger.child({ controller: 'registry-ownership' });

  async function reconcile(name: string): Promise<undefined> {
    const registry = store.registries.get(name);
    if (!registry || registry.metadata.deletionTimestamp) return undefined;
    const current = registry.status?.conditions ?? [];
    const at = now();
    const { lastTransitionTime: _at, ...wanted } = ownershipCondition(
      registry,
      store.organizations,
      registry.status,
      at.toISOString(),
    );
    const next = mergeConditions(current, [wanted], at);
    if (conditionsDiffer(current, next))
      await store.registries.applyStatus(name, { conditions: next });
    return undefined;
  }

  const queue = new WorkQueue(reconcile, {
    onError: (key, error, retryInMs) =>
      log.warn({ key, err: error, retryInMs }, 'reconcile failed'),
  });
  const naming = (org: string) => store.registries.list((r) => namedOrganization(r) === org);
  const unsubscribe = [
    store.registries.subscribe((_type, registry) => queue.add(registry.metadata.name)),
    store.organizations.subscribe((_type, org) => {
      for (const registry of naming(org.metadata.name)) queue.add(registry.metadata.name);
    }),
  ];
  for (const registry of store.registries.list()) queue.add(registry.metadata.name);
  return {
    stop() {
      unsubscribe.forEach((off) => off());
      queue.stop();
    },
    idle: () => queue.idle(),
  };
}
