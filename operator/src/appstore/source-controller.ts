import type { OutboundPolicy } from '../clusters/ssrf-policy.js';
import type { ControllerFactory } from '../controllers/controller.js';
import { watch, watchSpec } from '../controllers/controller.js';
import { applyDecision } from '../controllers/status.js';
import type { HubStore } from '../hub/store.js';
import { readSourceCredentials } from './source-credentials.js';
import { checkSource, decideSource } from './source-check.js';

export const defaultSourceCheckIntervalMs = 5 * 60_000;
/** Lets the API write the credentials Secret, which it can only do after the ChartSource exists. */
export const newSourceDelayMs = 1_000;

export interface ChartSourceControllerOptions {
  store: Pick<HubStore, 'chartSources' | 'organizations' | 'secrets'>;
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
        const name = source.metadata.name;
        return [type === 'add' ? { key: name, afterMs: newSourceDelayMs } : name];
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
      const check = store.organizations.get(source.spec.organization)
        ? await checkSource(source.spec, (await readSourceCredentials(store, source)).credentials, {
            policy,
          })
        : {
            ok: false as const,
            reason: 'OrganizationNotFound' as const,
            message: `organization ${source.spec.organization} does not exist`,
          };
      // The check took a while: write onto the ChartSource as it is now.
      const current = store.chartSources.get(name);
      if (!current || current.metadata.uid !== source.metadata.uid) return undefined;
      const now = new Date(clock.now());
      await applyDecision(store.chartSources, current, decideSource(current, check), {
        events,
        now,
      });
      return { requeueAfterMs: intervalMs };
    },
  });
}
