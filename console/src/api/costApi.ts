import type { CostAllocation, QueryFor } from '@nimbus/api';
import { endpointQuery } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

export type CostQuery = QueryFor<'getCostAllocation'>;

/** The cost center's allocation (docs/api.md "Cost"). */
export const costApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    costAllocation: build.query<CostAllocation, CostQuery>({
      query: (params) => endpointQuery('getCostAllocation', {}, params),
    }),
  }),
});

export const { useCostAllocationQuery } = costApi;
