import type { BodyFor, ChartSourceView, ResponseFor } from '@nimbus/api';
import { baseApi } from '../apiClient/baseApi';
import { endpointRequest } from '../apiClient/endpointUrl';

const afterSuccess = (_result: unknown, error: unknown): ('ChartSource' | 'Charts')[] =>
  error ? [] : ['ChartSource', 'Charts'];

/** The app store's chart sources, managed by the organization's administrators. */
export const chartSourceApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['ChartSource', 'Charts'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listChartSources: build.query<ChartSourceView[], string>({
        query: (orgId) => endpointRequest('listChartSources', { orgId }),
        transformResponse: (data: ResponseFor<'listChartSources'> | null) => data?.items ?? [],
        providesTags: ['ChartSource'],
      }),
      createChartSource: build.mutation<ChartSourceView, BodyFor<'createChartSource'>>({
        query: (body) => endpointRequest('createChartSource', {}, body),
        invalidatesTags: afterSuccess,
      }),
      updateChartSource: build.mutation<ChartSourceView, BodyFor<'updateChartSource'>>({
        query: (body) => endpointRequest('updateChartSource', {}, body),
        invalidatesTags: afterSuccess,
      }),
      deleteChartSource: build.mutation<
        ResponseFor<'deleteChartSource'>,
        BodyFor<'deleteChartSource'>
      >({
        query: (body) => endpointRequest('deleteChartSource', {}, body),
        invalidatesTags: afterSuccess,
      }),
      // The outcome is shown beside the button, so a refusal raises no notification.
      testChartSource: build.mutation<ResponseFor<'testChartSource'>, BodyFor<'testChartSource'>>({
        query: (body) => endpointRequest('testChartSource', {}, body),
        extraOptions: { silent: true },
      }),
    }),
  });

export const {
  useListChartSourcesQuery,
  useCreateChartSourceMutation,
  useUpdateChartSourceMutation,
  useDeleteChartSourceMutation,
  useTestChartSourceMutation,
} = chartSourceApi;
