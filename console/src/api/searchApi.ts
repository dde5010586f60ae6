import type { ResponseFor, SearchResult } from '@nimbus/api';
import { endpointQuery } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchResources: build.query<SearchResult[], string>({
      query: (keyword) => endpointQuery('search', {}, { keyword }),
      transformResponse: (data: ResponseFor<'search'> | null) => data ?? [],
    }),
  }),
});

export const { useSearchResourcesQuery } = searchApi;
