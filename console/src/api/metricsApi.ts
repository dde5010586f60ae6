import type { ClusterLocation, MetricInstant, MetricRange } from '@nimbus/api';
import type { TimeRangePreset } from '@nimbus/api/shared';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

/** A preset (SPEC §9) or a custom range in Unix seconds. */
export type MetricsRange = { range: TimeRangePreset } | { start: number; end: number };

export interface RangeArgs {
  location: ClusterLocation;
  range: MetricsRange;
  /** Path below the cluster, e.g. `infra` or `namespaces/demo/pods/web-1`. */
  what: string;
  node?: string;
}

const at = ({ vendor, region, cluster }: ClusterLocation) =>
  `${servicePath('monitor')}/vendors/${encodeURIComponent(vendor)}/regions/${encodeURIComponent(region)}/clusters/${encodeURIComponent(cluster)}`;

/** SPEC §7 Monitoring: the calls the cluster dashboard and the pod metrics section read. */
export const metricsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    rangeMetrics: build.query<MetricRange, RangeArgs>({
      query: ({ location, range, what, node }) => ({
        url: `${at(location)}/${what}/metrics`,
        params: { ...range, ...(node ? { node } : {}) },
      }),
    }),
    instantMetrics: build.query<
      MetricInstant,
      { location: ClusterLocation; what: 'clusters' | 'utilization' | 'namespaces' | 'components' }
    >({
      query: ({ location, what }) => `${at(location)}/${what}/metrics`,
    }),
  }),
});

export const { useRangeMetricsQuery, useInstantMetricsQuery } = metricsApi;
