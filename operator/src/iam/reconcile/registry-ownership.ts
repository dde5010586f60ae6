import { ownershipCondition, ownershipEvents } from '../../clusters/ownership-condition.js';
import type { ControllerFactory } from '../../controllers/controller.js';
import { watch, watchSpec } from '../../controllers/controller.js';
import { applyDecision } from '../../controllers/status.js';
import type { HubStore } from '../../hub/store.js';
import { namedOrganization } from '../org-scope.js';

/**
 * Registries have no other controller yet: this one writes their `Organization` condition, so a
 * registry that belongs to nobody (its organization is gone, or was created again after the
 * registry was given to the earlier one) says why in `kubectl describe`.
 */
export function registryOwnershipController(
  store: Pick<HubStore, 'registries' | 'organizations'>,
): ControllerFactory {
  return ({ clock, events }) => ({
    name: 'registry-ownership',
    watches: [
      watchSpec(store.registries, (_type, registry) => [registry.metadata.name]),
      watch(store.organizations, (_type, org) =>
        store.registries
          .list((r) => namedOrganization(r) === org.metadata.name)
          .map((r) => r.metadata.name),
      ),
    ],
    keys: () => store.registries.list().map((r) => r.metadata.name),
    async reconcile(name) {
      const registry = store.registries.get(name);
      if (!registry || registry.metadata.deletionTimestamp) return undefined;
      const owner = ownershipCondition(registry, store.organizations);
      const decision = { conditions: [owner], events: ownershipEvents(owner) };
      await applyDecision(store.registries, registry, decision, {
        events,
        now: new Date(clock.now()),
      });
      return undefined;
    },
  });
}
