import type {
  ClusterLocation,
  DefaultMetric,
  MetricInstant,
  MetricRange,
  MetricSearchResult,
} from '@nimbus/api';
import type { TimeRangePreset } from '@nimbus/api/shared';
import { baseApi } from '../apiClient/baseApi';
import { ResponseCode } from '../constants';
import { endpointQuery, endpointRequest, type EndpointRequest } from '../apiClient/endpointUrl';

/** A preset time range or a custom range in Unix seconds. */
export type MetricsRange = { range: TimeRangePreset } | { start: number; end: number };

/** Which series over time on the cluster dashboard: the cluster's, its nodes', a namespace's. */
export type RangeTarget =
  | { metric: 'getInfraMetrics' | 'getNodeInfraMetrics' }
  | { metric: 'getNamespaceMetrics'; namespace: string };

export type RangeArgs = RangeTarget & {
  location: ClusterLocation;
  range: MetricsRange;
  node?: string;
};

export interface PodMetricsArgs {
  location: ClusterLocation;
  range: MetricsRange;
  namespace: string;
  name: string;
}

export type InstantMetric =
  'getClusterMetrics' | 'getUtilizationMetrics' | 'listNamespaceMetrics' | 'getComponentMetrics';

function rangeRequest({ location, range, node, ...target }: RangeArgs): EndpointRequest {
  const query = { ...range, node };
  switch (target.metric) {
    case 'getInfraMetrics':
    case 'getNodeInfraMetrics':
      return endpointQuery(target.metric, location, query);
    case 'getNamespaceMetrics':
      return endpointQuery(target.metric, { ...location, namespace: target.namespace }, query);
  }
}

/** Monitoring: the calls the cluster dashboard and the pod metrics section read. */
export const metricsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rangeMetrics: build.query<MetricRange, RangeArgs>({
      query: rangeRequest,
    }),
    // A pod's page shows the failure in its metrics section (a cluster without Prometheus, a
    // refusal): a notification would cover the page's actions for a side panel's sake
    // (docs/decisions/monitoring.md).
    podMetrics: build.query<MetricRange, PodMetricsArgs>({
      query: ({ location, range, namespace, name }) =>
        endpointQuery('getPodMetrics', { ...location, namespace, name }, range),
      extraOptions: { silent: true, expectedCodes: [ResponseCode.noPermission] },
    }),
    instantMetrics: build.query<
      MetricInstant,
      { location: ClusterLocation; metric: InstantMetric }
    >({
      query: ({ location, metric }) => endpointRequest(metric, location),
    }),
    /** Black-box probe results by probed address; `address` one exact address. */
    probeResults: build.query<MetricInstant, { location: ClusterLocation; address?: string }>({
      query: ({ location, address }) => endpointQuery('getAddressMetrics', location, { address }),
    }),
    metricCatalogue: build.query<{ items: DefaultMetric[] }, ClusterLocation>({
      query: (location) => endpointRequest('getDefaultMetrics', location),
    }),
    /** Pods whose name contains the keyword, in every cluster the caller may monitor. */
    searchPodMetrics: build.query<MetricSearchResult, string>({
      query: (keyword) => endpointRequest('searchMetrics', { keyword }),
    }),
  }),
});

export const {
  useRangeMetricsQuery,
  usePodMetricsQuery,
  useInstantMetricsQuery,
  useProbeResultsQuery,
  useMetricCatalogueQuery,
  useSearchPodMetricsQuery,
} = metricsApi;
