import type { QueryFor, ResponseFor, Topology } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';

/** Where a search result lives (SPEC §3 "Search result"). */
export type ProviderTopology = Topology;
export type ClusterSearchResult = ResponseFor<'search'>[number];
export type SearchResource = ClusterSearchResult['resources'][number];
export type SearchSample = SearchResource['samples'][number];

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchResources: build.query<ClusterSearchResult[], string>({
      query: (keyword) => ({
        url: `${servicePath('crd')}/search`,
        params: { keyword } satisfies QueryFor<'search'>,
      }),
      transformResponse: (data: ClusterSearchResult[] | null) => data ?? [],
    }),
  }),
});

export const { useSearchResourcesQuery } = searchApi;
