import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';

/** Where a search result lives (SPEC §3 "Search result"). */
export interface ProviderTopology {
  cluster: string;
  region: string;
  vendor: string;
}

export interface SearchSample {
  labels: { name: string; namespace?: string };
  /** A timestamp: epoch seconds or milliseconds, or an ISO 8601 string. */
  value: number | string;
}

export interface SearchResource {
  type: string;
  unit?: string;
  samples: SearchSample[];
}

export interface ClusterSearchResult {
  providerTopology: ProviderTopology;
  resources: SearchResource[];
}

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchResources: build.query<ClusterSearchResult[], string>({
      query: (keyword) => ({ url: `${servicePath('crd')}/search`, params: { keyword } }),
      transformResponse: (data: ClusterSearchResult[] | null) => data ?? [],
    }),
  }),
});

export const { useSearchResourcesQuery } = searchApi;
