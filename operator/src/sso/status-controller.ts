import type { ControllerFactory } from '../controllers/controller.js';
import { watch, watchSpec } from '../controllers/controller.js';
import type { DesiredCondition } from '../controllers/conditions.js';
import { applyDecision } from '../controllers/status.js';
import { ApiError } from '../core/errors.js';
import { identityProviderSecretName } from '../crds/identity-provider.js';
import type { HubStore, IdentityProviderObject } from '../hub/store.js';
import { mappingProblems } from './memberships.js';
import type { ProviderClients } from './provider-client.js';
import { readClientSecret } from './provider-client.js';

export const defaultProviderCheckIntervalMs = 5 * 60_000;
/** Lets the API write the client secret, which it can only do after the provider exists. */
export const newProviderDelayMs = 1_000;

export interface ProviderStatusOptions {
  store: Pick<HubStore, 'identityProviders' | 'secrets' | 'organizations' | 'userGroups'>;
  clients: ProviderClients;
  intervalMs?: number;
}

async function decide(
  options: ProviderStatusOptions,
  provider: IdentityProviderObject,
): Promise<DesiredCondition> {
  const name = provider.metadata.name;
  const ready = (status: 'True' | 'False', reason: string, message: string): DesiredCondition => ({
    type: 'Ready',
    status,
    reason,
    message,
  });
  if (!(await readClientSecret(options.store, name))) {
    return ready(
      'False',
      'ClientSecretMissing',
      `the Secret ${identityProviderSecretName(name)} with the key clientSecret is missing`,
    );
  }
  try {
    await options.clients.configuration(provider);
  } catch (error) {
    const message = error instanceof ApiError ? error.message : 'discovery failed';
    return ready('False', 'DiscoveryFailed', message);
  }
  const problems = mappingProblems(provider, options.store);
  if (problems.length > 0) return ready('False', 'GroupMappingInvalid', problems.join('; '));
  return ready('True', 'Discovered', `the discovery document of ${provider.spec.issuer} was read`);
}

/**
 * Keeps each IdentityProvider's Ready condition, however it was written (console or kubectl):
 * the client secret is there, the issuer's discovery document reads, and every group mapping
 * names an existing organization and one of its UserGroups.
 */
export function identityProviderController(options: ProviderStatusOptions): ControllerFactory {
  const { store } = options;
  const intervalMs = options.intervalMs ?? defaultProviderCheckIntervalMs;
  const all = () => store.identityProviders.list().map((p) => p.metadata.name);
  return ({ clock, events }) => ({
    name: 'identity-provider',
    concurrency: 2,
    watches: [
      watchSpec(store.identityProviders, (type, provider) =>
        type === 'delete'
          ? []
          : [
              type === 'add'
                ? { key: provider.metadata.name, afterMs: newProviderDelayMs }
                : provider.metadata.name,
            ],
      ),
      // A mapping may name an organization or group created or deleted later.
      watch(store.organizations, (type) => (type === 'update' ? [] : all())),
      watch(store.userGroups, (type) => (type === 'update' ? [] : all())),
    ],
    keys: all,
    async reconcile(name) {
      const provider = store.identityProviders.get(name);
      if (!provider || provider.metadata.deletionTimestamp) return undefined;
      const condition = await decide(options, provider);
      const current = store.identityProviders.get(name);
      if (!current || current.metadata.uid !== provider.metadata.uid) return undefined;
      await applyDecision(
        store.identityProviders,
        current,
        {
          conditions: [{ ...condition, observedGeneration: current.metadata.generation ?? 0 }],
          ...(condition.status === 'False'
            ? {
                events: [
                  {
                    type: 'Warning',
                    reason: condition.reason,
                    note: condition.message,
                    action: 'Check',
                  },
                ],
              }
            : {}),
        },
        { events, now: new Date(clock.now()) },
      );
      return { requeueAfterMs: intervalMs };
    },
  });
}
