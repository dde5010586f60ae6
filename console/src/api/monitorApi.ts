import type {
  ClusterAddress,
  MonitorBody,
  MonitorCandidate,
  MonitorView,
  ResponseFor,
  TestClusterBody,
} from '@nimbus/api';
import { endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

/** The monitoring endpoint kinds, one of each per cluster. */
export { monitorTypes as MONITOR_TYPES } from '@nimbus/api/shared';

const afterSuccess = (_result: unknown, error: unknown): 'Monitor'[] => (error ? [] : ['Monitor']);

export const monitorApi = baseApi.enhanceEndpoints({ addTagTypes: ['Monitor'] }).injectEndpoints({
  endpoints: (build) => ({
    listMonitors: build.query<MonitorView[], string>({
      query: (id) => endpointRequest('listClusterMonitors', { id }),
      transformResponse: (data: ResponseFor<'listClusterMonitors'> | null) => data?.items ?? [],
      providesTags: ['Monitor'],
    }),
    createMonitor: build.mutation<MonitorView, MonitorBody>({
      query: (body) => endpointRequest('createMonitor', {}, body),
      invalidatesTags: afterSuccess,
    }),
    updateMonitor: build.mutation<MonitorView, MonitorBody>({
      query: (body) => endpointRequest('updateMonitor', {}, body),
      invalidatesTags: afterSuccess,
    }),
    /** Services of the cluster that look like its Prometheus or Alertmanager (the wizard's prefill). */
    discoverMonitorServices: build.mutation<MonitorCandidate[], TestClusterBody & ClusterAddress>({
      query: ({ kind, cluster, ...body }) =>
        endpointRequest('discoverMonitorServices', { kind, cluster }, body),
      transformResponse: (data: ResponseFor<'discoverMonitorServices'> | null) => data?.items ?? [],
    }),
    deleteMonitor: build.mutation<ResponseFor<'deleteMonitor'>, string>({
      query: (id) => endpointRequest('deleteMonitor', { id }),
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
  useDiscoverMonitorServicesMutation,
} = monitorApi;
