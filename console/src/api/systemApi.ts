import type { OpenApiDocument, ResponseFor } from '@nimbus/api';
import { endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

export const systemApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConfigs: build.query<ResponseFor<'getConfigs'>, undefined>({
      query: () => endpointRequest('getConfigs', {}),
      providesTags: ['System'],
    }),
    // The document itself, not an envelope; its failures are silent (constants.ts).
    getOpenApi: build.query<OpenApiDocument, undefined>({
      query: () => endpointRequest('getOpenApi', {}),
      extraOptions: { raw: true },
    }),
  }),
});

export const { useGetConfigsQuery, useGetOpenApiQuery } = systemApi;
