// The metric catalogue behind the fixed monitoring calls and the screens: one PromQL per
// key, written for the usual exporters (node-exporter, kubelet resource metrics, kube-state-metrics,
// blackbox exporter, the API server's own metrics). `$node`, `$namespace`, `$pod` and `$address`
// stand for the chosen object (promql.ts fills them in, escaped).
import type { DefaultMetric } from '@nimbus/api';

const fs = 'fstype!~"tmpfs|overlay|squashfs|nsfs|ramfs|rootfs"';
const rate = (metric: string, selector = '') => `rate(${metric}${selector}[2m])`;

function entry(
  key: string,
  scope: DefaultMetric['scope'],
  unit: DefaultMetric['unit'],
  query: string,
): DefaultMetric {
  return { key, scope, unit, query };
}

/** Cluster-wide trends (infra/metrics). */
export const infraMetrics: readonly DefaultMetric[] = [
  entry(
    'cpu_utilization',
    'cluster',
    'percent',
    `100 * (1 - avg(${rate('node_cpu_seconds_total', '{mode="idle"}')}))`,
  ),
  entry(
    'memory_utilization',
    'cluster',
    'percent',
    '100 * (1 - sum(node_memory_MemAvailable_bytes) / sum(node_memory_MemTotal_bytes))',
  ),
  entry(
    'disk_utilization',
    'cluster',
    'percent',
    `100 * (1 - sum(node_filesystem_avail_bytes{${fs}}) / sum(node_filesystem_size_bytes{${fs}}))`,
  ),
  entry(
    'inode_utilization',
    'cluster',
    'percent',
    `100 * (1 - sum(node_filesystem_files_free{${fs}}) / sum(node_filesystem_files{${fs}}))`,
  ),
  entry(
    'pod_utilization',
    'cluster',
    'percent',
    '100 * sum(kube_pod_status_phase{phase="Running"}) / sum(kube_node_status_allocatable{resource="pods"})',
  ),
  entry(
    'node_ready',
    'cluster',
    'count',
    'sum(kube_node_status_condition{condition="Ready",status="true"})',
  ),
  entry(
    'node_not_ready',
    'cluster',
    'count',
    'sum(kube_node_status_condition{condition="Ready",status!="true"})',
  ),
  entry(
    'disk_read_iops',
    'cluster',
    'opsPerSecond',
    `sum(${rate('node_disk_reads_completed_total')})`,
  ),
  entry(
    'disk_write_iops',
    'cluster',
    'opsPerSecond',
    `sum(${rate('node_disk_writes_completed_total')})`,
  ),
  entry(
    'disk_read_throughput',
    'cluster',
    'bytesPerSecond',
    `sum(${rate('node_disk_read_bytes_total')})`,
  ),
  entry(
    'disk_write_throughput',
    'cluster',
    'bytesPerSecond',
    `sum(${rate('node_disk_written_bytes_total')})`,
  ),
  entry(
    'network_receive',
    'cluster',
    'bytesPerSecond',
    `sum(${rate('node_network_receive_bytes_total', '{device!="lo"}')})`,
  ),
  entry(
    'network_transmit',
    'cluster',
    'bytesPerSecond',
    `sum(${rate('node_network_transmit_bytes_total', '{device!="lo"}')})`,
  ),
  entry('load1', 'cluster', 'count', 'avg(node_load1)'),
  entry('load5', 'cluster', 'count', 'avg(node_load5)'),
  entry('load15', 'cluster', 'count', 'avg(node_load15)'),
];

/** Cluster totals now (clusters/metrics). */
export const clusterSummaryMetrics: readonly DefaultMetric[] = [
  entry(
    'nodes_total',
    'cluster',
    'count',
    'count(kube_node_status_condition{condition="Ready",status="true"})',
  ),
  entry(
    'nodes_ready',
    'cluster',
    'count',
    'sum(kube_node_status_condition{condition="Ready",status="true"})',
  ),
  entry('pods_running', 'cluster', 'count', 'sum(kube_pod_status_phase{phase="Running"})'),
  entry('pods_total', 'cluster', 'count', 'count(kube_pod_info)'),
  entry('pods_capacity', 'cluster', 'count', 'sum(kube_node_status_allocatable{resource="pods"})'),
  entry('cpu_used_cores', 'cluster', 'cores', `sum(${rate('node_cpu_usage_seconds_total')})`),
  entry(
    'cpu_allocatable_cores',
    'cluster',
    'cores',
    'sum(kube_node_status_allocatable{resource="cpu"})',
  ),
  entry('memory_used_bytes', 'cluster', 'bytes', 'sum(node_memory_working_set_bytes)'),
  entry(
    'memory_allocatable_bytes',
    'cluster',
    'bytes',
    'sum(kube_node_status_allocatable{resource="memory"})',
  ),
];

const utilizationKeys = [
  'cpu_utilization',
  'memory_utilization',
  'disk_utilization',
  'pod_utilization',
];

/** Utilization now and its 3-minute average (utilization/metrics). */
export const utilizationMetrics: readonly DefaultMetric[] = infraMetrics
  .filter((metric) => utilizationKeys.includes(metric.key))
  .flatMap((metric) => [
    metric,
    { ...metric, key: `${metric.key}_3m`, query: `avg_over_time((${metric.query})[3m:30s])` },
  ]);

const onNode = '{node=~"$node"}';

/** Per-node trends (node/infra/metrics), by node. */
export const nodeMetrics: readonly DefaultMetric[] = [
  entry(
    'node_cpu_usage',
    'node',
    'cores',
    `sum by (node) (${rate('node_cpu_usage_seconds_total', onNode)})`,
  ),
  entry(
    'node_cpu_utilization',
    'node',
    'percent',
    `100 * sum by (node) (${rate('node_cpu_usage_seconds_total', onNode)}) / sum by (node) (kube_node_status_allocatable{node=~"$node",resource="cpu"})`,
  ),
  entry(
    'node_memory_usage',
    'node',
    'bytes',
    `sum by (node) (node_memory_working_set_bytes${onNode})`,
  ),
  entry(
    'node_memory_utilization',
    'node',
    'percent',
    `100 * sum by (node) (node_memory_working_set_bytes${onNode}) / sum by (node) (kube_node_status_allocatable{node=~"$node",resource="memory"})`,
  ),
  entry('node_pods', 'node', 'count', `count by (node) (kube_pod_info${onNode})`),
  entry(
    'node_ready',
    'node',
    'count',
    'max by (node) (kube_node_status_condition{node=~"$node",condition="Ready",status="true"})',
  ),
];

const inPod = '{namespace="$namespace",pod="$pod",container!=""}';

/** A pod's trends (namespaces/{namespace}/pods/{name}/metrics), by container. */
export const podMetrics: readonly DefaultMetric[] = [
  entry(
    'pod_cpu_usage',
    'pod',
    'cores',
    `sum by (container) (${rate('container_cpu_usage_seconds_total', inPod)})`,
  ),
  entry(
    'pod_memory_usage',
    'pod',
    'bytes',
    `sum by (container) (container_memory_working_set_bytes${inPod})`,
  ),
];

const inNamespace = '{namespace="$namespace"}';

/** One namespace's trends (namespaces/{namespace}/metrics). */
export const namespaceMetrics: readonly DefaultMetric[] = [
  entry(
    'namespace_cpu_usage',
    'namespace',
    'cores',
    `sum(${rate('pod_cpu_usage_seconds_total', inNamespace)})`,
  ),
  entry(
    'namespace_memory_usage',
    'namespace',
    'bytes',
    `sum(pod_memory_working_set_bytes${inNamespace})`,
  ),
  entry(
    'namespace_pods_running',
    'namespace',
    'count',
    'sum(kube_pod_status_phase{namespace="$namespace",phase="Running"})',
  ),
];

/** Every namespace now (namespaces/metrics), by namespace. */
export const namespacesMetrics: readonly DefaultMetric[] = [
  entry(
    'namespace_cpu_usage',
    'namespace',
    'cores',
    `sum by (namespace) (${rate('pod_cpu_usage_seconds_total')})`,
  ),
  entry(
    'namespace_memory_usage',
    'namespace',
    'bytes',
    'sum by (namespace) (pod_memory_working_set_bytes)',
  ),
  entry('namespace_pods', 'namespace', 'count', 'count by (namespace) (kube_pod_info)'),
];

/** Components now (components/metrics): scrape health per job and the API server's load. */
export const componentMetrics: readonly DefaultMetric[] = [
  entry('component_up', 'component', 'count', 'up'),
  entry(
    'apiserver_request_rate',
    'component',
    'requestsPerSecond',
    `sum(rate(apiserver_request_total[5m]))`,
  ),
  entry(
    'apiserver_error_ratio',
    'component',
    'ratio',
    'sum(rate(apiserver_request_total{code=~"5.."}[5m])) / sum(rate(apiserver_request_total[5m]))',
  ),
  entry(
    'apiserver_latency_p99',
    'component',
    'seconds',
    'histogram_quantile(0.99, sum by (le) (rate(apiserver_request_duration_seconds_bucket{verb!~"WATCH|CONNECT"}[5m])))',
  ),
];

const probed = '{instance=~"$address"}';

/** Black-box probes now (address/metrics), by probed address. */
export const probeMetrics: readonly DefaultMetric[] = [
  entry('probe_success', 'probe', 'count', `max by (instance) (probe_success${probed})`),
  entry(
    'probe_duration',
    'probe',
    'seconds',
    `max by (instance) (probe_duration_seconds${probed})`,
  ),
  entry(
    'probe_http_status',
    'probe',
    'count',
    `max by (instance) (probe_http_status_code${probed})`,
  ),
];

/** Pods by name, for the global search (search/{keyword}/metrics). */
export const searchMetrics = [
  {
    type: 'cpu',
    unit: 'cores',
    query: `sum by (namespace, pod) (${rate('pod_cpu_usage_seconds_total', '{pod=~"$pod"}')})`,
  },
  {
    type: 'memory',
    unit: 'bytes',
    query: 'sum by (namespace, pod) (pod_memory_working_set_bytes{pod=~"$pod"})',
  },
] as const;

/** default/metrics: everything above, each key once. */
export const defaultMetrics: readonly DefaultMetric[] = [
  ...infraMetrics,
  ...clusterSummaryMetrics,
  ...utilizationMetrics.filter((metric) => metric.key.endsWith('_3m')),
  ...nodeMetrics.filter((metric) => metric.key !== 'node_ready'),
  ...podMetrics,
  ...namespaceMetrics,
  ...componentMetrics,
  ...probeMetrics,
];
