import type { endpoints, ResponseOf } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';

export type SystemConfigs = ResponseOf<typeof endpoints.getConfigs>;

export const systemApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVersion: build.query<ResponseOf<typeof endpoints.getVersion>, undefined>({
      query: () => `${servicePath('system')}/version`,
      providesTags: ['System'],
    }),
    getConfigs: build.query<SystemConfigs, undefined>({
      query: () => `${servicePath('system')}/configs`,
      providesTags: ['System'],
    }),
  }),
});

export const { useGetVersionQuery, useGetConfigsQuery } = systemApi;
