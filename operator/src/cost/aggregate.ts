// Reads the stored daily rollups as the cost center shows them: totals, the daily trend and the
// allocation grouped by cluster, namespace, workload or a label's value, with each cluster's
// idle cost as its own row (so the rows add up to the total).
import type { CostAllocation, CostItem } from '@nimbus/api';
import type { CostAggregate } from '@nimbus/api/shared';
import { idleRowName, unlabelledRowName } from '@nimbus/api/shared';
import type { WorkloadCost } from './allocation.js';
import type { DailyRollup } from './rollup.js';

export interface ClusterInfo {
  name: string;
  vendor: string;
  region: string;
}

export interface AggregateRequest {
  from: string;
  to: string;
  aggregate: CostAggregate;
  label?: string | undefined;
}

function groupOf(
  cluster: string,
  w: WorkloadCost,
  request: AggregateRequest,
): Pick<CostItem, 'name' | 'namespace' | 'kind'> & { key: string } {
  switch (request.aggregate) {
    case 'cluster':
      return { key: cluster, name: cluster };
    case 'namespace':
      return { key: `${cluster}/${w.namespace}`, name: w.namespace, namespace: w.namespace };
    case 'workload':
      return {
        key: `${cluster}/${w.namespace}/${w.workload.kind}/${w.workload.name}`,
        name: w.workload.name,
        namespace: w.namespace,
        kind: w.workload.kind,
      };
    case 'label': {
      const value = w.labels[request.label ?? ''] ?? unlabelledRowName;
      return { key: `${cluster}/${value}`, name: value };
    }
  }
}

function emptyItem(name: string, cluster: string, idle: boolean): CostItem {
  return {
    name,
    cluster,
    idle,
    cpuCoreHours: 0,
    memoryGiBHours: 0,
    cpuCost: 0,
    memoryCost: 0,
    totalCost: 0,
  };
}

function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

const workloadTotal = (w: WorkloadCost) => w.cpuCost + w.memoryCost;

export function aggregateRollups(
  rollups: readonly DailyRollup[],
  clusters: readonly ClusterInfo[],
  request: AggregateRequest,
  meta: { currency: string; catalogueDate: string },
): CostAllocation {
  const items = new Map<string, CostItem>();
  const trend = new Map(eachDay(request.from, request.to).map((d) => [d, { total: 0, idle: 0 }]));
  const perCluster = new Map(
    clusters.map((c) => [c.name, { minutes: 0, usage: false, sources: new Set<string>() }]),
  );
  for (const rollup of rollups) {
    const stats = perCluster.get(rollup.cluster);
    if (!stats) continue;
    stats.minutes += rollup.minutes;
    stats.usage ||= rollup.usageMetrics;
    rollup.nodes.forEach((node) => stats.sources.add(node.priceSource));
    const day = trend.get(rollup.date);
    for (const w of rollup.workloads) {
      const group = groupOf(rollup.cluster, w, request);
      const { key, ...named } = group;
      const item = items.get(key) ?? { ...emptyItem(named.name, rollup.cluster, false), ...named };
      item.cpuCoreHours += w.cpuCoreHours;
      item.memoryGiBHours += w.memoryGiBHours;
      item.cpuCost += w.cpuCost;
      item.memoryCost += w.memoryCost;
      item.totalCost += workloadTotal(w);
      items.set(key, item);
      if (day) day.total += workloadTotal(w);
    }
    const idleKey = `${rollup.cluster}\u0000idle`;
    const idle = items.get(idleKey) ?? emptyItem(idleRowName, rollup.cluster, true);
    const idleCost = rollup.idle.cpuCost + rollup.idle.memoryCost;
    idle.cpuCost += rollup.idle.cpuCost;
    idle.memoryCost += rollup.idle.memoryCost;
    idle.totalCost += idleCost;
    items.set(idleKey, idle);
    if (day) {
      day.total += idleCost;
      day.idle += idleCost;
    }
  }
  const sorted = [...items.values()].sort(
    (a, b) =>
      b.totalCost - a.totalCost ||
      a.name.localeCompare(b.name) ||
      a.cluster.localeCompare(b.cluster),
  );
  const points = [...trend.entries()].map(([date, t]) => ({
    date,
    totalCost: t.total,
    idleCost: t.idle,
  }));
  return {
    currency: meta.currency,
    catalogueDate: meta.catalogueDate,
    from: request.from,
    to: request.to,
    aggregate: request.aggregate,
    totalCost: points.reduce((sum, p) => sum + p.totalCost, 0),
    idleCost: points.reduce((sum, p) => sum + p.idleCost, 0),
    trend: points,
    items: sorted,
    clusters: clusters.map((c) => {
      const stats = perCluster.get(c.name);
      return {
        cluster: c.name,
        vendor: c.vendor,
        region: c.region,
        minutes: stats?.minutes ?? 0,
        usageMetrics: stats?.usage ?? false,
        priceSources: [...(stats?.sources ?? [])].sort() as Array<
          'catalogue' | 'custom' | 'default'
        >,
      };
    }),
  };
}
