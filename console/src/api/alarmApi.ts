import type { BodyFor, ResponseFor, SilenceView } from '@nimbus/api';
import { baseApi } from '../apiClient/baseApi';
import { endpointRequest } from '../apiClient/endpointUrl';

const afterSuccess = (_result: unknown, error: unknown): 'AlarmSilence'[] =>
  error ? [] : ['AlarmSilence'];

interface SilenceRef {
  organizationId: string;
  name: string;
}

/** Alarm silences of the current organization (docs/api.md "Alarms"). */
export const alarmApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['AlarmSilence'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listSilences: build.query<SilenceView[], string>({
        query: (orgId) => endpointRequest('listAlarmSilences', { orgId }),
        transformResponse: (data: ResponseFor<'listAlarmSilences'> | null) => data?.items ?? [],
        providesTags: ['AlarmSilence'],
      }),
      createSilence: build.mutation<
        SilenceView,
        { organizationId: string; body: BodyFor<'createAlarmSilence'> }
      >({
        query: ({ organizationId, body }) =>
          endpointRequest('createAlarmSilence', { orgId: organizationId }, body),
        invalidatesTags: afterSuccess,
      }),
      expireSilence: build.mutation<SilenceView, SilenceRef>({
        query: ({ organizationId, name }) =>
          endpointRequest('expireAlarmSilence', { orgId: organizationId, name }),
        invalidatesTags: afterSuccess,
      }),
      deleteSilence: build.mutation<ResponseFor<'deleteAlarmSilence'>, SilenceRef>({
        query: ({ organizationId, name }) =>
          endpointRequest('deleteAlarmSilence', { orgId: organizationId, name }),
        invalidatesTags: afterSuccess,
      }),
    }),
  });

export const {
  useListSilencesQuery,
  useCreateSilenceMutation,
  useExpireSilenceMutation,
  useDeleteSilenceMutation,
} = alarmApi;
