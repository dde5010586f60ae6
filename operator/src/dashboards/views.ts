import type { CategoryView, DashboardView } from '@nimbus/api';
import type { ClusterObject, DashboardCategoryObject, DashboardObject } from '../hub/store.js';

export function categoryView(category: DashboardCategoryObject, dashboards: number): CategoryView {
  const { metadata, spec, status } = category;
  return {
    uuid: metadata.uid,
    name: metadata.name,
    organization: spec.organization,
    ...(spec.description ? { description: spec.description } : {}),
    dashboards,
    createdAt: metadata.creationTimestamp,
    conditions: status?.conditions ?? [],
  };
}

/** `cluster` only when it is the dashboard's organization's: its location then addresses it. */
export function dashboardView(
  dashboard: DashboardObject,
  cluster: ClusterObject | undefined,
): DashboardView {
  const { metadata, spec, status } = dashboard;
  return {
    uuid: metadata.uid,
    name: metadata.name,
    organization: spec.organization,
    category: spec.category,
    cluster: spec.cluster,
    ...(cluster
      ? {
          location: {
            vendor: cluster.spec.provider,
            region: cluster.spec.region,
            cluster: cluster.metadata.name,
          },
        }
      : {}),
    ...(spec.description ? { description: spec.description } : {}),
    panels: spec.panels,
    createdAt: metadata.creationTimestamp,
    conditions: status?.conditions ?? [],
  };
}
