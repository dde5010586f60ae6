import { chartSourceAddress } from '@nimbus/api/shared';
import type { OutboundPolicy } from '../outbound/policy.js';
import type { ControllerFactory } from '../controllers/controller.js';
import { watch, watchSpec } from '../controllers/controller.js';
import { applyDecision } from '../controllers/status.js';
import {
  credentialsRecheckMs,
  reviewStoredCredentials,
} from '../credentials/credential-address.js';
import type { ChartSourceObject, HubStore } from '../hub/store.js';
import { hasCredentials, readSourceCredentials } from './source-credentials.js';
import type { SourceCheck } from './source-check.js';
import { checkSource, decideSource } from './source-check.js';

export const defaultSourceCheckIntervalMs = 5 * 60_000;
/** Lets the API write the credentials Secret, which it does just after the ChartSource's spec. */
export const newSourceDelayMs = 1_000;

type SourceStore = Pick<HubStore, 'chartSources' | 'organizations' | 'secrets'>;

/**
 * The `Credentials` condition, and the check as the stored login (never sent when the source's
 * address moved since it was given: a URL changed with kubectl).
 */
async function checkAsStoredLogin(
  store: SourceStore,
  source: ChartSourceObject,
  policy: OutboundPolicy,
) {
  const stored = await readSourceCredentials(store, source);
  const login = await reviewStoredCredentials(
    store.secrets,
    stored.secret,
    chartSourceAddress(source.spec),
    hasCredentials(stored.credentials),
  );
  const check: SourceCheck =
    login.condition.status === 'False'
      ? { ok: false, reason: 'CredentialsNotUsed', message: login.condition.message }
      : await checkSource(source.spec, stored.credentials, { policy });
  return { login: login.condition, check };
}

export interface ChartSourceControllerOptions {
  store: SourceStore;
  policy: OutboundPolicy;
  intervalMs?: number;
}

/**
 * Keeps each ChartSource's Ready condition: reads its chart list as its stored login at each
 * change and every interval, however the source was written (console or kubectl).
 */
export function chartSourceController(options: ChartSourceControllerOptions): ControllerFactory {
  const { store, policy } = options;
  const intervalMs = options.intervalMs ?? defaultSourceCheckIntervalMs;
  return ({ clock, events }) => ({
    name: 'chart-source',
    concurrency: 4,
    watches: [
      watchSpec(store.chartSources, (type, source) => {
        if (type === 'delete') return [];
        return [{ key: source.metadata.name, afterMs: newSourceDelayMs }];
      }),
      // A source naming an organization created (or deleted) later is checked again; the
      // organization's other changes do not touch its sources.
      watch(store.organizations, (type, org) =>
        type === 'update'
          ? []
          : store.chartSources
              .list((s) => s.spec.organization === org.metadata.name)
              .map((s) => s.metadata.name),
      ),
    ],
    keys: () => store.chartSources.list().map((s) => s.metadata.name),
    async reconcile(name) {
      const source = store.chartSources.get(name);
      if (!source || source.metadata.deletionTimestamp) return undefined;
      const { login, check } = store.organizations.get(source.spec.organization)
        ? await checkAsStoredLogin(store, source, policy)
        : {
            login: undefined,
            check: {
              ok: false as const,
              reason: 'OrganizationNotFound' as const,
              message: `organization ${source.spec.organization} does not exist`,
            },
          };
      // The check took a while: write onto the ChartSource as it is now.
      const current = store.chartSources.get(name);
      if (!current || current.metadata.uid !== source.metadata.uid) return undefined;
      const now = new Date(clock.now());
      const decision = decideSource(current, check);
      if (login) decision.conditions.push(login);
      await applyDecision(store.chartSources, current, decision, { events, now });
      return { requeueAfterMs: login?.status === 'False' ? credentialsRecheckMs : intervalMs };
    },
  });
}
