import type { CostAllocation, QueryFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

export type CostQuery = QueryFor<'getCostAllocation'>;

/** The cost center's allocation (docs/api.md "Cost"). */
export const costApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    costAllocation: build.query<CostAllocation, CostQuery>({
      query: (params) => ({
        url: `${servicePath('cost')}/allocation`,
        params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)),
      }),
    }),
  }),
});

export const { useCostAllocationQuery } = costApi;
