// The monitoring calls: the catalogue's queries (or the caller's PromQL) against the
// addressed cluster's Prometheus, as the caller, bounded by the client and by resolveRange.
import type {
  ClusterLocation,
  DefaultMetric,
  MetricInstant,
  MetricRange,
  MetricSearchResult,
  ProxyMetrics,
  TimeRangeQuery,
} from '@nimbus/api';
import { realClock } from '../core/clock.js';
import { invalid } from '../core/problems.js';
import type { Identity } from '../identity/identity.js';
import type { MonitoringDeps } from './cluster-prometheus.js';
import { callerClusters } from '../access/caller-scope.js';
import { clustersGranting } from '../access/permissions.js';
import {
  callerOf,
  fromPrometheusError,
  noData,
  prometheusForCaller,
  prometheusOf,
} from './cluster-prometheus.js';
import * as catalogue from './catalogue.js';
import { enabledMonitor } from './monitor-target.js';
import type { PrometheusClient, StepRange } from './prometheus-client.js';
import {
  boundedClient,
  fromBoundError,
  seriesBoundOf,
  seriesBoundIn,
} from './bounded-prometheus.js';
import type { Placeholders } from './promql.js';
import { UnknownMetricError, fillQuery, hasRange, pickMetrics, resolveRange } from './promql.js';

/** Names and values answered by value/metrics at most. */
const maxValues = 1_000;

export interface MetricsCall {
  deps: MonitoringDeps;
  identity: Identity;
  location: ClusterLocation;
}

const nowSeconds = (deps: MonitoringDeps) => Math.floor((deps.clock ?? realClock).now() / 1000);

/**
 * Whether a call's queries are bounded to the caller's rights: every one whose answer carries
 * labels. The cluster totals (sums and averages without `by`) name nothing and are not.
 */
type Bounding = 'bounded' | 'cluster-totals';

async function onPrometheus<T>(
  call: MetricsCall,
  run: (prometheus: PrometheusClient) => Promise<T>,
  bounding: Bounding = 'bounded',
): Promise<T> {
  const { cluster } = call.location;
  const { prometheus } = await prometheusForCaller(call.deps, call.identity, call.location);
  try {
    if (bounding === 'cluster-totals') return await run(prometheus);
    const bound = await seriesBoundOf(call.deps.store, call.identity, cluster);
    return await run(boundedClient(prometheus, bound));
  } catch (error) {
    throw fromPrometheusError(cluster, fromBoundError(cluster, error));
  }
}

function picked(metrics: readonly DefaultMetric[], keys: string | undefined): DefaultMetric[] {
  try {
    return pickMetrics(metrics, keys);
  } catch (error) {
    if (error instanceof UnknownMetricError) throw invalid('metrics', error.message);
    throw error;
  }
}

/** Every metric over the range; `what` names the object when nothing came back. */
async function rangeOf(
  call: MetricsCall,
  metrics: readonly DefaultMetric[],
  values: Placeholders,
  range: StepRange,
  what: string,
  bounding: Bounding = 'bounded',
): Promise<MetricRange> {
  const results = await onPrometheus(
    call,
    (prometheus) =>
      Promise.all(
        metrics.map((metric) => prometheus.range(fillQuery(metric.query, values), range)),
      ),
    bounding,
  );
  const series = results.flatMap((result, index) =>
    result.series.map((s) => ({
      metric: metrics[index]?.key ?? '',
      labels: s.labels,
      points: s.points,
    })),
  );
  if (series.length === 0) throw noData(what);
  return { range, series, truncated: results.some((result) => result.truncated) };
}

async function instantOf(
  call: MetricsCall,
  metrics: readonly DefaultMetric[],
  values: Placeholders,
  what: string,
  bounding: Bounding = 'bounded',
): Promise<MetricInstant> {
  const time = nowSeconds(call.deps);
  const results = await onPrometheus(
    call,
    (prometheus) =>
      Promise.all(
        metrics.map((metric) => prometheus.instant(fillQuery(metric.query, values), time)),
      ),
    bounding,
  );
  const samples = results.flatMap((result, index) =>
    result.samples.map((s) => ({
      metric: metrics[index]?.key ?? '',
      labels: s.labels,
      value: s.point[1],
    })),
  );
  if (samples.length === 0) throw noData(what);
  return { time, samples, truncated: results.some((result) => result.truncated) };
}

const clusterWhat = (call: MetricsCall) => `cluster ${call.location.cluster}`;

export function infraMetrics(
  call: MetricsCall,
  query: TimeRangeQuery & { metrics?: string | undefined },
) {
  const range = resolveRange(query, nowSeconds(call.deps));
  const metrics = picked(catalogue.infraMetrics, query.metrics);
  return rangeOf(call, metrics, {}, range, clusterWhat(call), 'cluster-totals');
}

export function clusterSummary(call: MetricsCall) {
  const metrics = catalogue.clusterSummaryMetrics;
  return instantOf(call, metrics, {}, clusterWhat(call), 'cluster-totals');
}

export function utilization(call: MetricsCall) {
  return instantOf(call, catalogue.utilizationMetrics, {}, clusterWhat(call), 'cluster-totals');
}

export function nodeInfra(
  call: MetricsCall,
  query: TimeRangeQuery & { metrics?: string | undefined; node?: string | undefined },
) {
  const range = resolveRange(query, nowSeconds(call.deps));
  const what = query.node ? `node ${query.node}` : `${clusterWhat(call)} node`;
  const values = query.node ? { node: query.node } : {};
  return rangeOf(call, picked(catalogue.nodeMetrics, query.metrics), values, range, what);
}

export function podMetrics(
  call: MetricsCall,
  namespace: string,
  pod: string,
  query: TimeRangeQuery,
) {
  const range = resolveRange(query, nowSeconds(call.deps));
  return rangeOf(call, catalogue.podMetrics, { namespace, pod }, range, `pod ${namespace}/${pod}`);
}

export function addressMetrics(call: MetricsCall, address: string | undefined) {
  const what = address ? `address ${address}` : `${clusterWhat(call)} black-box probe`;
  return instantOf(call, catalogue.probeMetrics, address ? { address } : {}, what);
}

export function namespacesMetrics(call: MetricsCall) {
  return instantOf(call, catalogue.namespacesMetrics, {}, `${clusterWhat(call)} namespace`);
}

export function namespaceMetrics(call: MetricsCall, namespace: string, query: TimeRangeQuery) {
  const range = resolveRange(query, nowSeconds(call.deps));
  return rangeOf(call, catalogue.namespaceMetrics, { namespace }, range, `namespace ${namespace}`);
}

export function componentMetrics(call: MetricsCall) {
  return instantOf(call, catalogue.componentMetrics, {}, `${clusterWhat(call)} component`);
}

/** Free PromQL, only ever against this cluster's Prometheus; bounded like every other query. */
export async function proxyMetrics(
  call: MetricsCall,
  query: TimeRangeQuery & { query: string; time?: number | undefined },
): Promise<ProxyMetrics> {
  const nameOf = (labels: Record<string, string>) => labels.__name__ ?? '';
  if (hasRange(query)) {
    const range = resolveRange(query, nowSeconds(call.deps));
    const result = await onPrometheus(call, (prometheus) => prometheus.range(query.query, range));
    return {
      resultType: 'matrix',
      range,
      series: result.series.map((s) => ({
        metric: nameOf(s.labels),
        labels: s.labels,
        points: s.points,
      })),
      truncated: result.truncated,
    };
  }
  const result = await onPrometheus(call, (prometheus) =>
    prometheus.instant(query.query, query.time ?? nowSeconds(call.deps)),
  );
  return {
    resultType: result.resultType,
    series: result.samples.map((s) => ({
      metric: nameOf(s.labels),
      labels: s.labels,
      points: [s.point],
    })),
    truncated: result.truncated,
  };
}

/** The catalogue, once the caller's cluster check passed. */
export async function defaultMetrics(call: MetricsCall): Promise<{ items: DefaultMetric[] }> {
  await prometheusForCaller(call.deps, call.identity, call.location);
  return { items: [...catalogue.defaultMetrics] };
}

/** Label names, one label's values, or metric names (`__name__`), for completion. */
export async function valueMetrics(
  call: MetricsCall,
  query: { label?: string | undefined; match?: string | undefined; prefix?: string | undefined },
): Promise<{ values: string[]; truncated: boolean }> {
  const all = await onPrometheus(call, (prometheus) =>
    query.label === undefined
      ? prometheus.labelNames(query.match)
      : prometheus.labelValues(query.label, query.match),
  );
  const prefix = query.prefix ?? '';
  const matching = all.filter((value) => value.startsWith(prefix)).sort();
  return { values: matching.slice(0, maxValues), truncated: matching.length > maxValues };
}

/**
 * search/{keyword}/metrics: in every cluster bound to the caller that grants monitoring:view and
 * has a Prometheus, the pods whose name contains the keyword with their CPU and memory, among
 * the series the caller may read there. A cluster whose Prometheus fails, or that shows the
 * caller no series, is left out rather than failing the whole search.
 */
export async function searchMetrics(
  deps: MonitoringDeps,
  identity: Identity,
  keyword: string,
): Promise<MetricSearchResult> {
  const caller = await callerClusters(deps.store, identity);
  const viewing = clustersGranting(deps.store, identity, caller, 'monitoring:view');
  const clusters = caller.visible.filter(
    (cluster) =>
      viewing.has(cluster.metadata.name) && enabledMonitor(cluster, 'Prometheus') !== undefined,
  );
  const time = nowSeconds(deps);
  const perCluster = await Promise.all(
    clusters.map(async (cluster) => {
      try {
        const bound = seriesBoundIn(caller, cluster.metadata.name);
        const prometheus = boundedClient(prometheusOf(deps, cluster, callerOf(identity)), bound);
        const resources = await Promise.all(
          catalogue.searchMetrics.map(async (metric) => {
            const result = await prometheus.instant(
              fillQuery(metric.query, { podContains: keyword }),
              time,
            );
            return {
              type: metric.type,
              unit: metric.unit,
              samples: result.samples.map((s) => ({
                labels: { name: s.labels.pod ?? '', namespace: s.labels.namespace ?? '' },
                value: s.point[1],
              })),
            };
          }),
        );
        if (resources.every((resource) => resource.samples.length === 0)) return undefined;
        return {
          providerTopology: {
            cluster: cluster.metadata.name,
            region: cluster.spec.region,
            vendor: cluster.spec.provider,
          },
          resources,
        };
      } catch {
        return undefined;
      }
    }),
  );
  return { items: perCluster.filter((item) => item !== undefined) };
}
