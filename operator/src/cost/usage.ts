// Container usage from a cluster's Prometheus (the kubelet's resource metrics): CPU as the
// 5-minute rate of core-seconds, memory as the working set. Without a Prometheus, or when it
// fails, there is no usage and requests alone are charged.
import type { ClusterObject } from '../hub/store.js';
import { prometheusOf } from '../monitoring/cluster-prometheus.js';
import type { MonitorReach } from '../monitoring/monitor-target.js';
import type { InstantSample } from '../monitoring/prometheus-client.js';
import type { ContainerUsage } from './inputs.js';
import { usageKey } from './inputs.js';

export const cpuUsageQuery =
  'sum by (namespace, pod, container) (rate(container_cpu_usage_seconds_total{container!=""}[5m]))';
export const memoryUsageQuery =
  'sum by (namespace, pod, container) (container_memory_working_set_bytes{container!=""})';

export type UsageSource = (cluster: ClusterObject) => Promise<ContainerUsage | undefined>;

function byContainer(samples: readonly InstantSample[]): Map<string, number> {
  const values = new Map<string, number>();
  for (const { labels, point } of samples) {
    const value = point[1];
    if (value === null || value === undefined || !Number.isFinite(value)) continue;
    values.set(usageKey(labels.namespace ?? '', labels.pod ?? '', labels.container ?? ''), value);
  }
  return values;
}

/** Usage read from the cluster's enabled Prometheus as the cluster's registration. */
export function prometheusUsage(reach: MonitorReach): UsageSource {
  return async (cluster) => {
    try {
      const prometheus = prometheusOf(reach, cluster, 'operator');
      const [cpu, memory] = await Promise.all([
        prometheus.instant(cpuUsageQuery),
        prometheus.instant(memoryUsageQuery),
      ]);
      return { cpuCores: byContainer(cpu.samples), memoryBytes: byContainer(memory.samples) };
    } catch {
      return undefined;
    }
  };
}
