import type { OpenApiDocument, ResponseFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

export const systemApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVersion: build.query<ResponseFor<'getVersion'>, undefined>({
      query: () => `${servicePath('system')}/version`,
      providesTags: ['System'],
    }),
    getConfigs: build.query<ResponseFor<'getConfigs'>, undefined>({
      query: () => `${servicePath('system')}/configs`,
      providesTags: ['System'],
    }),
    // The document itself, not an envelope; its failures are silent (SPEC §8, constants.ts).
    getOpenApi: build.query<OpenApiDocument, undefined>({
      query: () => '/openapi.json',
      extraOptions: { raw: true },
    }),
  }),
});

export const { useGetVersionQuery, useGetConfigsQuery, useGetOpenApiQuery } = systemApi;
