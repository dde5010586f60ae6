import { z } from 'zod';
import { locationPath, locationSchema } from '../schemas/common.js';
import {
  addressMetricsQuery,
  defaultMetricsSchema,
  infraMetricsQuery,
  metricInstantSchema,
  metricRangeSchema,
  metricSearchResultSchema,
  nodeInfraMetricsQuery,
  proxyMetricsQuery,
  proxyMetricsSchema,
  rangeMetricsQuery,
  searchMetricsParams,
  valueMetricsQuery,
  valueMetricsSchema,
} from '../schemas/monitoring.js';
import { endpoint, json } from '../endpoint.js';

// Monitoring: all GET, below the cluster's location; answered from the cluster's own
// Prometheus (its Cluster's monitors) after the caller's cluster check.
const at = `/monitor.{host}${locationPath}`;
const name = z.string().trim().min(1).max(253);
const namespaceParams = locationSchema.extend({ namespace: name });
const podParams = namespaceParams.extend({ name });
const asCaller = {
  allow: 'authenticated' as const,
  permission: { name: 'monitoring:view', on: 'cluster' as const },
  note: 'Only a cluster bound to the caller with effect Allow; else "Cluster {0} is not bound by current user or already forbidden" (9997).',
};
/** Series are bounded to the caller's rights on the cluster (docs/decisions/promql-bound.md). */
const bounded = {
  ...asCaller,
  note: `${asCaller.note} The query's every selector is bounded to the namespaces whose pods the caller may list, and to series without a namespace only where they may list nodes.`,
};
const tag = 'monitor';

export const monitoringEndpoints = {
  getInfraMetrics: endpoint({
    method: 'GET',
    path: `${at}/infra/metrics`,
    access: asCaller,
    summary:
      'Cluster infrastructure trends: CPU, memory, disk, load, IOPS, throughput, network, inodes',
    tag,
    params: locationSchema,
    query: infraMetricsQuery,
    response: json(metricRangeSchema),
  }),
  getClusterMetrics: endpoint({
    method: 'GET',
    path: `${at}/clusters/metrics`,
    access: asCaller,
    summary: 'Cluster summary now: nodes (ready), pods, CPU and memory used and allocatable',
    tag,
    params: locationSchema,
    response: json(metricInstantSchema),
  }),
  getUtilizationMetrics: endpoint({
    method: 'GET',
    path: `${at}/utilization/metrics`,
    access: asCaller,
    summary: 'CPU, memory, disk and pod utilization now and as 3-minute averages',
    tag,
    params: locationSchema,
    response: json(metricInstantSchema),
  }),
  getNodeInfraMetrics: endpoint({
    method: 'GET',
    path: `${at}/node/infra/metrics`,
    access: asCaller,
    summary: 'Per-node trends (one node with `node`): CPU, memory, readiness',
    tag,
    params: locationSchema,
    query: nodeInfraMetricsQuery,
    response: json(metricRangeSchema),
  }),
  getPodMetrics: endpoint({
    method: 'GET',
    path: `${at}/namespaces/:namespace/pods/:name/metrics`,
    access: asCaller,
    summary: "A pod's CPU and memory trends, per container",
    tag,
    params: podParams,
    query: rangeMetricsQuery,
    response: json(metricRangeSchema),
  }),
  getAddressMetrics: endpoint({
    method: 'GET',
    path: `${at}/address/metrics`,
    access: asCaller,
    summary: 'Black-box probe results by probed address (success, duration, HTTP status)',
    tag,
    params: locationSchema,
    query: addressMetricsQuery,
    response: json(metricInstantSchema),
  }),
  listNamespaceMetrics: endpoint({
    method: 'GET',
    path: `${at}/namespaces/metrics`,
    access: asCaller,
    summary: 'Every namespace now: CPU, memory, pods',
    tag,
    params: locationSchema,
    response: json(metricInstantSchema),
  }),
  getNamespaceMetrics: endpoint({
    method: 'GET',
    path: `${at}/namespaces/:namespace/metrics`,
    access: asCaller,
    summary: "A namespace's CPU, memory and pod trends",
    tag,
    params: namespaceParams,
    query: rangeMetricsQuery,
    response: json(metricRangeSchema),
  }),
  getComponentMetrics: endpoint({
    method: 'GET',
    path: `${at}/components/metrics`,
    access: asCaller,
    summary: 'Control-plane and monitoring components: up, API request rate, errors, latency',
    tag,
    params: locationSchema,
    response: json(metricInstantSchema),
  }),
  proxyMetrics: endpoint({
    method: 'GET',
    path: `${at}/proxy/metrics`,
    access: bounded,
    summary: "Free PromQL against the cluster's Prometheus, bounded in range, step, time and size",
    tag,
    params: locationSchema,
    query: proxyMetricsQuery,
    response: json(proxyMetricsSchema),
  }),
  getDefaultMetrics: endpoint({
    method: 'GET',
    path: `${at}/default/metrics`,
    access: asCaller,
    summary: 'The metric catalogue the screens use (key, scope, unit, PromQL)',
    tag,
    params: locationSchema,
    response: json(defaultMetricsSchema),
  }),
  getValueMetrics: endpoint({
    method: 'GET',
    path: `${at}/value/metrics`,
    access: bounded,
    summary: 'PromQL completion: label names, label values, metric names (__name__)',
    tag,
    params: locationSchema,
    query: valueMetricsQuery,
    response: json(valueMetricsSchema),
  }),
  searchMetrics: endpoint({
    method: 'GET',
    path: '/monitor.{host}/search/:keyword/metrics',
    access: {
      allow: 'authenticated',
      permission: { name: 'monitoring:view', on: 'clusters' },
      note: 'Only clusters bound to the caller with effect Allow, granting monitoring:view, with a Prometheus; there only pods the caller may list.',
    },
    summary:
      'Pods whose name contains the keyword, with CPU and memory, in every cluster of the caller',
    tag,
    params: searchMetricsParams,
    response: json(metricSearchResultSchema),
  }),
} as const;
