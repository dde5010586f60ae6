// The allocation model, in the style of OpenCost: a node's hourly price is split into a price
// per CPU core and per GiB of memory; each container is charged for max(request, usage) of each
// (usage where metrics exist, else the request alone); what no container is charged for on a
// node is that node's idle cost. Pure: the rollup job feeds it and sums its results.
import type { ProviderKind } from '@nimbus/api/shared';
import type { CatalogueEntry } from './price-catalogue.js';
import { anyVendorPrice, cataloguePrice, defaultRates } from './price-catalogue.js';

export const gib = 2 ** 30;

export type PriceSource = 'catalogue' | 'custom' | 'default';

/** Per-resource rates a cluster's owner sets for nodes the catalogue cannot price (on-premise). */
export interface CustomPrice {
  cpuCoreHour: number;
  memoryGiBHour: number;
}

export interface ClusterPricing {
  provider: ProviderKind;
  region: string;
  customPrice?: CustomPrice | undefined;
}

export interface NodeInput {
  name: string;
  instanceType?: string | undefined;
  /** The node's region label, else the cluster's region. */
  region?: string | undefined;
  cpuCores: number;
  memoryBytes: number;
}

export interface NodePrice {
  hourly: number;
  cpuCoreHour: number;
  memoryGiBHour: number;
  source: PriceSource;
}

export interface WorkloadRef {
  kind: string;
  name: string;
}

export interface ContainerInput {
  namespace: string;
  pod: string;
  container: string;
  node: string;
  workload: WorkloadRef;
  labels: Record<string, string>;
  cpuRequestCores: number;
  memoryRequestBytes: number;
  cpuUsageCores?: number | undefined;
  memoryUsageBytes?: number | undefined;
}

/** Cost and resource-hours of one workload over the sampled hours. */
export interface WorkloadCost {
  namespace: string;
  workload: WorkloadRef;
  labels: Record<string, string>;
  cpuCoreHours: number;
  memoryGiBHours: number;
  cpuCost: number;
  memoryCost: number;
}

export interface NodeCost {
  name: string;
  instanceType: string;
  priceSource: PriceSource;
  hourly: number;
  cost: number;
  idleCost: number;
}

export interface Allocation {
  nodes: NodeCost[];
  workloads: WorkloadCost[];
  idle: { cpuCost: number; memoryCost: number };
}

/**
 * The catalogue entry of a node. A kubeconfig (on-premise) cluster's custom price comes first:
 * its owner said what its nodes cost; without one, a node whose labels name a listed instance
 * type and region (an imported cloud cluster) is priced by that vendor's catalogue.
 */
function listedPrice(node: NodeInput, cluster: ClusterPricing): CatalogueEntry | undefined {
  if (!node.instanceType) return undefined;
  const region = node.region ?? cluster.region;
  if (cluster.provider !== 'ProviderKubeconfig') {
    return cataloguePrice(cluster.provider, region, node.instanceType);
  }
  return cluster.customPrice ? undefined : anyVendorPrice(region, node.instanceType);
}

/**
 * The price of a node: the catalogue's (split between CPU and memory in the proportion of the
 * default rates, as OpenCost splits a node's price), else the cluster's custom price, else the
 * default rates.
 */
export function priceNode(node: NodeInput, cluster: ClusterPricing): NodePrice {
  const cores = node.cpuCores;
  const memoryGiB = node.memoryBytes / gib;
  const listed = listedPrice(node, cluster);
  if (listed && cores > 0 && memoryGiB > 0) {
    const cpuWeight = cores * defaultRates.cpuCoreHour;
    const memoryWeight = memoryGiB * defaultRates.memoryGiBHour;
    const cpuShare = cpuWeight / (cpuWeight + memoryWeight);
    return {
      hourly: listed.hourly,
      cpuCoreHour: (listed.hourly * cpuShare) / cores,
      memoryGiBHour: (listed.hourly * (1 - cpuShare)) / memoryGiB,
      source: 'catalogue',
    };
  }
  const rates = cluster.customPrice ?? defaultRates;
  return {
    hourly: cores * rates.cpuCoreHour + memoryGiB * rates.memoryGiBHour,
    cpuCoreHour: rates.cpuCoreHour,
    memoryGiBHour: rates.memoryGiBHour,
    source: cluster.customPrice ? 'custom' : 'default',
  };
}

const workloadKey = (namespace: string, workload: WorkloadRef) =>
  `${namespace}\u0000${workload.kind}\u0000${workload.name}`;

/** Allocates `hours` of the nodes' cost to the containers running on them, and the rest to idle. */
export function allocate(
  nodes: readonly NodeInput[],
  containers: readonly ContainerInput[],
  cluster: ClusterPricing,
  hours: number,
): Allocation {
  const byNode = new Map(
    nodes.map((node) => [node.name, { node, price: priceNode(node, cluster) }]),
  );
  const usedCores = new Map<string, number>();
  const usedBytes = new Map<string, number>();
  const workloads = new Map<string, WorkloadCost>();
  for (const container of containers) {
    const placed = byNode.get(container.node);
    if (!placed) continue;
    const cores = Math.max(container.cpuRequestCores, container.cpuUsageCores ?? 0);
    const bytes = Math.max(container.memoryRequestBytes, container.memoryUsageBytes ?? 0);
    usedCores.set(container.node, (usedCores.get(container.node) ?? 0) + cores);
    usedBytes.set(container.node, (usedBytes.get(container.node) ?? 0) + bytes);
    const key = workloadKey(container.namespace, container.workload);
    const entry = workloads.get(key) ?? {
      namespace: container.namespace,
      workload: container.workload,
      labels: container.labels,
      cpuCoreHours: 0,
      memoryGiBHours: 0,
      cpuCost: 0,
      memoryCost: 0,
    };
    entry.cpuCoreHours += cores * hours;
    entry.memoryGiBHours += (bytes / gib) * hours;
    entry.cpuCost += cores * placed.price.cpuCoreHour * hours;
    entry.memoryCost += (bytes / gib) * placed.price.memoryGiBHour * hours;
    workloads.set(key, entry);
  }
  const idle = { cpuCost: 0, memoryCost: 0 };
  const nodeCosts = [...byNode.values()].map(({ node, price }) => {
    // Usage above capacity (overcommitted limits) leaves no idle; it is not negative.
    const idleCores = Math.max(0, node.cpuCores - (usedCores.get(node.name) ?? 0));
    const idleGiB = Math.max(0, (node.memoryBytes - (usedBytes.get(node.name) ?? 0)) / gib);
    const idleCpu = idleCores * price.cpuCoreHour * hours;
    const idleMemory = idleGiB * price.memoryGiBHour * hours;
    idle.cpuCost += idleCpu;
    idle.memoryCost += idleMemory;
    return {
      name: node.name,
      instanceType: node.instanceType ?? '',
      priceSource: price.source,
      hourly: price.hourly,
      cost: price.hourly * hours,
      idleCost: idleCpu + idleMemory,
    };
  });
  return { nodes: nodeCosts, workloads: [...workloads.values()], idle };
}
