import type { MonitorBody, MonitorView, ResponseFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

/** SPEC §3 "Monitoring": the endpoint kinds, one of each per cluster. */
export { monitorTypes as MONITOR_TYPES } from '@nimbus/api/shared';

const monitors = `${servicePath('manage')}/monitors`;

const afterSuccess = (_result: unknown, error: unknown): 'Monitor'[] => (error ? [] : ['Monitor']);

export const monitorApi = baseApi.enhanceEndpoints({ addTagTypes: ['Monitor'] }).injectEndpoints({
  endpoints: (build) => ({
    listMonitors: build.query<MonitorView[], string>({
      query: (providerId) => `${monitors}/providers/${encodeURIComponent(providerId)}`,
      transformResponse: (data: ResponseFor<'listClusterMonitors'> | null) => data?.items ?? [],
      providesTags: ['Monitor'],
    }),
    createMonitor: build.mutation<MonitorView, MonitorBody>({
      query: (body) => ({ url: monitors, method: 'POST', body }),
      invalidatesTags: afterSuccess,
    }),
    updateMonitor: build.mutation<MonitorView, MonitorBody>({
      query: (body) => ({ url: monitors, method: 'PUT', body }),
      invalidatesTags: afterSuccess,
    }),
    deleteMonitor: build.mutation<ResponseFor<'deleteMonitor'>, string>({
      query: (id) => ({ url: `${monitors}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: afterSuccess,
    }),
  }),
});

export const {
  useListMonitorsQuery,
  useLazyListMonitorsQuery,
  useCreateMonitorMutation,
  useUpdateMonitorMutation,
  useDeleteMonitorMutation,
} = monitorApi;
