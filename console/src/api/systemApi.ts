import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';

export interface SystemConfigs {
  MFA: boolean;
  version: string;
  host: string;
}

export const systemApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getVersion: build.query<string, undefined>({
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
