// A daily rollup: the sum of one UTC day's samples of a cluster's allocation. Each sample
// covers one slot of the schedule; a slot is added at most once, so a restarted or new leader
// that samples a slot again adds nothing, and a day's history survives in the hub.
import type { Allocation, NodeCost, WorkloadCost } from './allocation.js';

export const rollupVersion = 1;

/** A node's cost summed over the day's samples (price and source from the last sample). */
export type RollupNode = NodeCost;

export interface DailyRollup {
  version: typeof rollupVersion;
  cluster: string;
  /** The UTC day, YYYY-MM-DD. */
  date: string;
  currency: string;
  /** Minutes of the day the samples cover. */
  minutes: number;
  /** The last slot sampled (slot = floor(epoch ms / slot length)). */
  lastSlot: number;
  /** Whether the last sample had usage metrics (else requests alone were charged). */
  usageMetrics: boolean;
  nodes: RollupNode[];
  workloads: WorkloadCost[];
  idle: { cpuCost: number; memoryCost: number };
}

/**
 * The name of a day's ConfigMap (rollup-store.ts), here so that the in-memory store and its
 * tests need no Kubernetes client (tests/tooling/operator-light-modules.test.ts).
 */
export const rollupName = (cluster: string, date: string) =>
  `nimbus-cost-${cluster}-${date.replaceAll('-', '')}`;

export const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export function emptyRollup(cluster: string, date: string, currency: string): DailyRollup {
  return {
    version: rollupVersion,
    cluster,
    date,
    currency,
    minutes: 0,
    lastSlot: -1,
    usageMetrics: false,
    nodes: [],
    workloads: [],
    idle: { cpuCost: 0, memoryCost: 0 },
  };
}

const workloadKey = (w: WorkloadCost) =>
  `${w.namespace}\u0000${w.workload.kind}\u0000${w.workload.name}`;

function addNodes(into: readonly RollupNode[], sample: readonly NodeCost[]): RollupNode[] {
  const nodes = new Map(into.map((node) => [node.name, { ...node }]));
  for (const node of sample) {
    const known = nodes.get(node.name);
    if (!known) {
      nodes.set(node.name, { ...node });
      continue;
    }
    Object.assign(known, {
      instanceType: node.instanceType,
      priceSource: node.priceSource,
      hourly: node.hourly,
      cost: known.cost + node.cost,
      idleCost: known.idleCost + node.idleCost,
    });
  }
  return [...nodes.values()];
}

function addWorkloads(
  into: readonly WorkloadCost[],
  sample: readonly WorkloadCost[],
): WorkloadCost[] {
  const workloads = new Map(into.map((w) => [workloadKey(w), { ...w }]));
  for (const w of sample) {
    const known = workloads.get(workloadKey(w));
    if (!known) {
      workloads.set(workloadKey(w), { ...w });
      continue;
    }
    Object.assign(known, {
      labels: w.labels,
      cpuCoreHours: known.cpuCoreHours + w.cpuCoreHours,
      memoryGiBHours: known.memoryGiBHours + w.memoryGiBHours,
      cpuCost: known.cpuCost + w.cpuCost,
      memoryCost: known.memoryCost + w.memoryCost,
    });
  }
  return [...workloads.values()];
}

/**
 * The rollup with one more sample: `allocation` priced over `minutes`, taken in `slot`.
 * Undefined when the slot is already in (nothing to write).
 */
export function addSample(
  rollup: DailyRollup,
  sample: { slot: number; minutes: number; allocation: Allocation; usageMetrics: boolean },
): DailyRollup | undefined {
  if (sample.slot <= rollup.lastSlot) return undefined;
  const { allocation } = sample;
  return {
    ...rollup,
    minutes: rollup.minutes + sample.minutes,
    lastSlot: sample.slot,
    usageMetrics: sample.usageMetrics,
    nodes: addNodes(rollup.nodes, allocation.nodes),
    workloads: addWorkloads(rollup.workloads, allocation.workloads),
    idle: {
      cpuCost: rollup.idle.cpuCost + allocation.idle.cpuCost,
      memoryCost: rollup.idle.memoryCost + allocation.idle.memoryCost,
    },
  };
}

/** A stored rollup read back; anything not of this version is ignored, never trusted. */
export function parseRollup(text: string | undefined): DailyRollup | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<DailyRollup>;
    if (value.version !== rollupVersion || typeof value.date !== 'string') return undefined;
    if (!Array.isArray(value.workloads) || !Array.isArray(value.nodes) || !value.idle) {
      return undefined;
    }
    return value as DailyRollup;
  } catch {
    return undefined;
  }
}
