import type {
  ClusterLocation,
  DefaultMetric,
  MetricInstant,
  MetricRange,
  MetricSearchResult,
} from '@nimbus/api';
import type { TimeRangePreset } from '@nimbus/api/shared';
import { baseApi } from '../apiClient/baseApi';
import { endpointQuery, endpointRequest, type EndpointRequest } from '../apiClient/endpointUrl';

/** A preset time range or a custom range in Unix seconds. */
export type MetricsRange = { range: TimeRangePreset } | { start: number; end: number };

/** Which series over time: the cluster's, its nodes', a namespace's or a pod's. */
export type RangeTarget =
  | { metric: 'getInfraMetrics' | 'getNodeInfraMetrics' }
  | { metric: 'getNamespaceMetrics'; namespace: string }
  | { metric: 'getPodMetrics'; namespace: string; name: string };

export type RangeArgs = RangeTarget & {
  location: ClusterLocation;
  range: MetricsRange;
  node?: string;
};

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
    case 'getPodMetrics':
      return endpointQuery(
        target.metric,
        { ...location, namespace: target.namespace, name: target.name },
        query,
      );
  }
}

/** Monitoring: the calls the cluster dashboard and the pod metrics section read. */
export const metricsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rangeMetrics: build.query<MetricRange, RangeArgs>({
      query: rangeRequest,
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
  useInstantMetricsQuery,
  useProbeResultsQuery,
  useMetricCatalogueQuery,
  useSearchPodMetricsQuery,
} = metricsApi;
