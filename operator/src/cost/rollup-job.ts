// The leader's cost job: at every slot boundary, each ready cluster's allocation over the slot
// (nodes and running pods from the index, usage from its Prometheus) is added to the cluster's
// rollup of the day in the hub. A cluster the index has no nodes of yet is skipped, not priced
// as empty: its minutes stay uncovered.
import type { CronScheduledJob } from '../controllers/cron-jobs.js';
import type { Clock } from '../core/clock.js';
import { ownerReference } from '../hub/owner.js';
import type { ClusterObject } from '../hub/store.js';
import type { IndexReader } from '../index/reader.js';
import type { ClusterPricing } from './allocation.js';
import { allocate } from './allocation.js';
import type { JobOwner } from './inputs.js';
import { containerInputs, nodeInput } from './inputs.js';
import { catalogueCurrency } from './price-catalogue.js';
import { addSample, emptyRollup, utcDate } from './rollup.js';
import type { RollupStore } from './rollup-store.js';
import { cronOfSlot } from './schedule.js';
import type { UsageSource } from './usage.js';

export interface CostJobDeps {
  clusters: { list(): ClusterObject[] };
  index: () => IndexReader | undefined;
  rollups: RollupStore;
  usage: UsageSource;
  clock: Clock;
  sampleSeconds: number;
}

async function jobOwners(index: IndexReader, cluster: string): Promise<JobOwner> {
  const owners = new Map<string, string>();
  for (const job of await index.objectsOf(cluster, 'jobs')) {
    const refs = Array.isArray(job.metadata?.ownerReferences) ? job.metadata.ownerReferences : [];
    const cron = (refs as Array<{ kind?: unknown; name?: unknown }>).find(
      (ref) => ref.kind === 'CronJob' && typeof ref.name === 'string',
    );
    if (cron) owners.set(`${job.metadata?.namespace}/${job.metadata?.name}`, String(cron.name));
  }
  return (namespace, name) => owners.get(`${namespace}/${name}`);
}

export function pricingOf(cluster: ClusterObject): ClusterPricing {
  return {
    provider: cluster.spec.provider,
    region: cluster.spec.region,
    customPrice: cluster.spec.customPrice,
  };
}

/** Adds one slot of one cluster; true when something was written. */
export async function sampleCluster(
  deps: CostJobDeps,
  index: IndexReader,
  cluster: ClusterObject,
  slot: number,
): Promise<boolean> {
  const name = cluster.metadata.name;
  const nodes = (await index.objectsOf(name, 'nodes')).map(nodeInput);
  if (nodes.length === 0) return false;
  const slotMs = deps.sampleSeconds * 1000;
  const date = utcDate(slot * slotMs);
  const stored = await deps.rollups.get(name, date);
  const base = stored?.rollup ?? emptyRollup(name, date, catalogueCurrency);
  if (base.lastSlot >= slot) return false;
  const usage = await deps.usage(cluster);
  const pods = await index.runningPodsOf(name);
  const containers = containerInputs(pods, usage, await jobOwners(index, name));
  const minutes = deps.sampleSeconds / 60;
  const allocation = allocate(nodes, containers, pricingOf(cluster), minutes / 60);
  const next = addSample(base, { slot, minutes, allocation, usageMetrics: usage !== undefined });
  if (!next) return false;
  const owner = ownerReference({
    apiVersion: cluster.apiVersion,
    kind: cluster.kind,
    metadata: cluster.metadata,
  });
  await deps.rollups.put(next, owner, stored?.resourceVersion);
  return true;
}

/** The slot that just ended: a tick at a boundary samples the slot before it. */
export function endedSlot(nowMs: number, sampleSeconds: number): number {
  return Math.floor(nowMs / (sampleSeconds * 1000)) - 1;
}

export function costRollupJob(deps: CostJobDeps): CronScheduledJob {
  return {
    name: 'cost-rollup',
    cron: cronOfSlot(deps.sampleSeconds),
    async run() {
      const index = deps.index();
      if (!index) return 0;
      const slot = endedSlot(deps.clock.now(), deps.sampleSeconds);
      let written = 0;
      const failures: unknown[] = [];
      for (const cluster of deps.clusters.list()) {
        if (cluster.status?.ready !== true || cluster.metadata.deletionTimestamp) continue;
        // One cluster's failure (a conflict with a racing writer, an unreachable hub) must not
        // keep the others from their sample.
        try {
          if (await sampleCluster(deps, index, cluster, slot)) written += 1;
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) throw new AggregateError(failures, 'cost sample failed');
      return written;
    },
  };
}
