import { registryAddress } from '@nimbus/api/shared';
import { ownershipCondition, ownershipEvents } from '../clusters/ownership-condition.js';
import type { ControllerFactory } from '../controllers/controller.js';
import { watch, watchSpec } from '../controllers/controller.js';
import { applyDecision } from '../controllers/status.js';
import {
  credentialsRecheckMs,
  reviewStoredCredentials,
} from '../credentials/credential-address.js';
import type { HubStore, RegistryObject } from '../hub/store.js';
import { namedOrganization } from '../access/org-scope.js';
import { credentialsIn, hasRegistryCredentials, registrySecret } from './registry-store.js';

/** The API writes a registry's Secret just after its spec: read it once that is done. */
export const registryChangeDelayMs = 1_000;

type RegistryControllerStore = Pick<
  HubStore,
  'registries' | 'organizations' | 'secrets' | 'namespace'
>;

/** The `Credentials` condition: its stored login is used only at the host it was given for. */
async function credentials(store: RegistryControllerStore, registry: RegistryObject) {
  const secret = await registrySecret(store, registry);
  const has = hasRegistryCredentials(credentialsIn(secret));
  return reviewStoredCredentials(store.secrets, secret, registryAddress(registry.spec), has);
}

/**
 * Writes each Registry's conditions, however it was written: `Organization` (a registry that
 * belongs to nobody — its organization is gone, or was created again after the registry was
 * given to the earlier one — says why in `kubectl describe`) and `Credentials` (a host changed
 * with kubectl leaves the stored login unused until it is given again).
 */
export function registryController(store: RegistryControllerStore): ControllerFactory {
  return ({ clock, events }) => ({
    name: 'registry',
    watches: [
      watchSpec(store.registries, (_type, registry) => [
        { key: registry.metadata.name, afterMs: registryChangeDelayMs },
      ]),
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
      const login = await credentials(store, registry);
      const decision = {
        conditions: [owner, login.condition],
        events: [...ownershipEvents(owner), ...login.events],
      };
      // The read took a while: write onto the Registry as it is now.
      const current = store.registries.get(name);
      if (!current || current.metadata.uid !== registry.metadata.uid) return undefined;
      await applyDecision(store.registries, current, decision, {
        events,
        now: new Date(clock.now()),
      });
      return login.condition.status === 'False'
        ? { requeueAfterMs: credentialsRecheckMs }
        : undefined;
    },
  });
}
