import type { ResponseFor } from '@nimbus/api';
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
  }),
});

export const { useGetVersionQuery, useGetConfigsQuery } = systemApi;
