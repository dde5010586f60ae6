import type { ControllerFactory, Watch } from '../controllers/controller.js';
import { watchSpec } from '../controllers/controller.js';
import { watchClusterOwners } from '../iam/cluster-owner-watch.js';
import { applyDecision } from '../controllers/status.js';
import type { HubStore } from '../hub/store.js';
import { decideIam } from '../iam/reconcile/decide.js';
import { categoryProblems, dashboardProblems, verdictOf } from './boundaries.js';

type DashboardHub = Pick<
  HubStore,
  'organizations' | 'clusters' | 'dashboardCategories' | 'dashboards'
>;

const categoryKey = (name: string) => `DashboardCategory/${name}`;
const dashboardKey = (name: string) => `Dashboard/${name}`;

/**
 * Checks the organization boundary of categories and dashboards however they were written
 * (console or kubectl) and reports it in the conditions Valid and Ready, with an Event per
 * problem: a dashboard naming a category or cluster of another organization is not valid, and
 * the console does not query its cluster.
 */
export function dashboardController(
  store: DashboardHub,
  resyncMs = 10 * 60_000,
): ControllerFactory {
  return ({ clock, events }) => {
    const dashboardsWhere = (
      matches: (spec: { category: string; cluster: string; organization: string }) => boolean,
    ) => store.dashboards.list((d) => matches(d.spec)).map((d) => dashboardKey(d.metadata.name));
    const watches: Watch[] = [
      watchSpec(store.dashboardCategories, (_type, category) => [
        categoryKey(category.metadata.name),
        ...dashboardsWhere((d) => d.category === category.metadata.name),
      ]),
      watchSpec(store.dashboards, (_type, dashboard) => [dashboardKey(dashboard.metadata.name)]),
      watchSpec(store.organizations, (_type, org) => [
        ...store.dashboardCategories
          .list((c) => c.spec.organization === org.metadata.name)
          .map((c) => categoryKey(c.metadata.name)),
        ...dashboardsWhere((d) => d.organization === org.metadata.name),
      ]),
      watchClusterOwners(store, (cluster) => dashboardsWhere((d) => d.cluster === cluster)),
    ];
    const now = () => new Date(clock.now());
    return {
      name: 'dashboards',
      watches,
      resyncMs,
      *keys() {
        for (const c of store.dashboardCategories.list()) yield categoryKey(c.metadata.name);
        for (const d of store.dashboards.list()) yield dashboardKey(d.metadata.name);
      },
      async reconcile(key) {
        const [kind, name = ''] = key.split('/');
        if (kind === 'DashboardCategory') {
          const category = store.dashboardCategories.get(name);
          if (!category || category.metadata.deletionTimestamp) return undefined;
          const valid = verdictOf(categoryProblems(store, category), 'organization resolved');
          const decision = decideIam({
            generation: category.metadata.generation,
            conditions: category.status?.conditions ?? [],
            valid,
          });
          await applyDecision(store.dashboardCategories, category, decision, {
            events,
            now: now(),
          });
          return undefined;
        }
        const dashboard = store.dashboards.get(name);
        if (!dashboard || dashboard.metadata.deletionTimestamp) return undefined;
        const valid = verdictOf(
          dashboardProblems(store, dashboard),
          `${dashboard.spec.panels.length} panels on cluster ${dashboard.spec.cluster}`,
        );
        const decision = decideIam({
          generation: dashboard.metadata.generation,
          conditions: dashboard.status?.conditions ?? [],
          valid,
        });
        await applyDecision(store.dashboards, dashboard, decision, { events, now: now() });
        return undefined;
      },
    };
  };
}
