import type { BodyFor, ResponseFor, SilenceView } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

const silencesOf = (organizationId: string) =>
  `${servicePath('alarm')}/organizations/${encodeURIComponent(organizationId)}/silences`;

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
        query: (organizationId) => silencesOf(organizationId),
        transformResponse: (data: ResponseFor<'listAlarmSilences'> | null) => data?.items ?? [],
        providesTags: ['AlarmSilence'],
      }),
      createSilence: build.mutation<
        SilenceView,
        { organizationId: string; body: BodyFor<'createAlarmSilence'> }
      >({
        query: ({ organizationId, body }) => ({
          url: silencesOf(organizationId),
          method: 'POST',
          body,
        }),
        invalidatesTags: afterSuccess,
      }),
      expireSilence: build.mutation<SilenceView, SilenceRef>({
        query: ({ organizationId, name }) => ({
          url: `${silencesOf(organizationId)}/${encodeURIComponent(name)}/expire`,
          method: 'PUT',
        }),
        invalidatesTags: afterSuccess,
      }),
      deleteSilence: build.mutation<ResponseFor<'deleteAlarmSilence'>, SilenceRef>({
        query: ({ organizationId, name }) => ({
          url: `${silencesOf(organizationId)}/${encodeURIComponent(name)}`,
          method: 'DELETE',
        }),
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
