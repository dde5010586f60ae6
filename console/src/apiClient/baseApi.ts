import { createApi } from '@reduxjs/toolkit/query/react';
import { createEnvelopeBaseQuery } from './envelopeBaseQuery';

/**
 * The one RTK Query API of the console. Features add endpoints with `baseApi.injectEndpoints`
 * and list their cache tags here.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createEnvelopeBaseQuery(),
  tagTypes: ['System', 'User', 'Organization'],
  endpoints: () => ({}),
});
