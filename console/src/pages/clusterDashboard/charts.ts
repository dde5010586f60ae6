import type en from '../../i18n/locales/en.json';
import type { MetricUnit } from './formatValue';

export type ChartId = keyof typeof en.monitoring.charts;
/** Lines named after their metric (charts of several metrics). */
export type SeriesName = keyof typeof en.monitoring.series;

export const isSeriesName = (metric: string): metric is SeriesName =>
  [
    'node_ready',
    'node_not_ready',
    'disk_read_iops',
    'disk_write_iops',
    'disk_read_throughput',
    'disk_write_throughput',
    'network_receive',
    'network_transmit',
    'load1',
    'load5',
    'load15',
  ].includes(metric);

export interface ChartSpec {
  id: ChartId;
  keys: readonly string[];
  unit: MetricUnit;
}

/** The cluster's historical trends (infra/metrics), one chart each. */
export const clusterCharts: readonly ChartSpec[] = [
  { id: 'cpu', keys: ['cpu_utilization'], unit: 'percent' },
  { id: 'memory', keys: ['memory_utilization'], unit: 'percent' },
  { id: 'disk', keys: ['disk_utilization'], unit: 'percent' },
  { id: 'pods', keys: ['pod_utilization'], unit: 'percent' },
  { id: 'nodeReadiness', keys: ['node_ready', 'node_not_ready'], unit: 'count' },
  { id: 'diskIops', keys: ['disk_read_iops', 'disk_write_iops'], unit: 'opsPerSecond' },
  {
    id: 'diskThroughput',
    keys: ['disk_read_throughput', 'disk_write_throughput'],
    unit: 'bytesPerSecond',
  },
  { id: 'network', keys: ['network_receive', 'network_transmit'], unit: 'bytesPerSecond' },
  { id: 'load', keys: ['load1', 'load5', 'load15'], unit: 'count' },
  { id: 'inodes', keys: ['inode_utilization'], unit: 'percent' },
];

/** Per-node trends (node/infra/metrics), a line per node. */
export const nodeCharts: readonly ChartSpec[] = [
  { id: 'nodeCpu', keys: ['node_cpu_utilization'], unit: 'percent' },
  { id: 'nodeMemory', keys: ['node_memory_utilization'], unit: 'percent' },
  { id: 'nodePods', keys: ['node_pods'], unit: 'count' },
];

/** One namespace's trends. */
export const namespaceCharts: readonly ChartSpec[] = [
  { id: 'namespaceCpu', keys: ['namespace_cpu_usage'], unit: 'cores' },
  { id: 'namespaceMemory', keys: ['namespace_memory_usage'], unit: 'bytes' },
  { id: 'namespacePods', keys: ['namespace_pods_running'], unit: 'count' },
];

/** A pod's trends, a line per container. */
export const podCharts: readonly ChartSpec[] = [
  { id: 'podCpu', keys: ['pod_cpu_usage'], unit: 'cores' },
  { id: 'podMemory', keys: ['pod_memory_usage'], unit: 'bytes' },
];
