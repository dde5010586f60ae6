import type { ClusterLocation, QueryFor, ResponseFor } from '@nimbus/api';
import { endpointQuery } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

/**
 * The cluster and the contract's query: without `label`, label names; `__name__`, metric names;
 * `match`, a series selector narrowing the answer.
 */
export type ValueMetricsArgs = { location: ClusterLocation } & QueryFor<'getValueMetrics'>;

/**
 * `value/metrics`: completion for the PromQL editor from the cluster's Prometheus, checked
 * as the caller. Silent: completion runs while typing, and a refused or unreachable cluster simply
 * completes nothing (the panel's own query reports the refusal).
 */
export const completionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    valueMetrics: build.query<ResponseFor<'getValueMetrics'>, ValueMetricsArgs>({
      query: ({ location, label, match, prefix }) =>
        endpointQuery('getValueMetrics', location, {
          label: label || undefined,
          match: match || undefined,
          prefix: prefix || undefined,
        }),
      extraOptions: { silent: true },
    }),
  }),
});
