import type { QueryFor, ResponseFor, SearchResult } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchResources: build.query<SearchResult[], string>({
      query: (keyword) => ({
        url: `${servicePath('crd')}/search`,
        params: { keyword } satisfies QueryFor<'search'>,
      }),
      transformResponse: (data: ResponseFor<'search'> | null) => data ?? [],
    }),
  }),
});

export const { useSearchResourcesQuery } = searchApi;
