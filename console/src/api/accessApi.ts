import type { ExplainAccessArgs, ResponseFor } from '@nimbus/api';
import { endpointQuery } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

export const accessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    explainAccess: build.query<ResponseFor<'explainAccess'>, ExplainAccessArgs>({
      query: ({ userName, ...question }) => endpointQuery('explainAccess', { userName }, question),
      // The panel shows the failure itself; a refusal here must not offer "Why?" again.
      extraOptions: { silent: true, expectedCodes: [9997, 1004] },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyExplainAccessQuery } = accessApi;
