import type { MonitorType } from '@nimbus/api/shared';
import type { ResponseFor } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from './baseApi';

/** SPEC §3 "Monitoring": the endpoint kinds, one of each per cluster. */
export { monitorTypes as MONITOR_TYPES, type MonitorType } from '@nimbus/api/shared';

/** A monitoring endpoint as GET monitors/providers/{id} lists it; id is `<cluster>.<type>`. */
export type MonitorView = ResponseFor<'listClusterMonitors'>['items'][number];

/** The body of POST and PUT monitors; providerId is the cluster name or uid. */
export interface MonitorBody {
  organizationId: string;
  providerId: string;
  type: MonitorType;
  address: string;
  enabled: boolean;
}

const monitors = `${servicePath('manage')}/monitors`;

const afterSuccess = (_result: unknown, error: unknown): 'Monitor'[] => (error ? [] : ['Monitor']);

export const monitorApi = baseApi.enhanceEndpoints({ addTagTypes: ['Monitor'] }).injectEndpoints({
  endpoints: (build) => ({
    listMonitors: build.query<MonitorView[], string>({
      query: (providerId) => `${monitors}/providers/${encodeURIComponent(providerId)}`,
      transformResponse: (data: { items?: MonitorView[] } | null) => data?.items ?? [],
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
    deleteMonitor: build.mutation<{ id: string }, string>({
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
