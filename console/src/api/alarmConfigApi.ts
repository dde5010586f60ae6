import type { AlarmMessage, BodyFor, ReceiverView, ResponseFor, RuleView } from '@nimbus/api';
import { endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';

type Tag = 'AlarmReceiver' | 'AlarmRule';

/** A rule names receivers, so a receiver change refreshes the rules too. */
const afterSuccess =
  (...tags: Tag[]) =>
  (_result: unknown, error: unknown): Tag[] =>
    error ? [] : tags;

interface ItemRef {
  organizationId: string;
  name: string;
}

/** How often the header asks for firing alarms (the operator evaluates every 15 s). */
export const ALARM_MESSAGES_POLL_MS = 30_000;

/**
 * How often the alarm screens read their rules, receivers and silences again: other
 * administrators and kubectl change them, and silences expire on their own; none of them is in
 * the index's change stream.
 */
export const ALARM_CONFIG_POLL_MS = 30_000;

/**
 * Alarm receivers and rules of the current organization, and the silent alert-metrics
 * notification call that feeds the console's alarm messages (docs/api.md "Alarms").
 */
export const alarmConfigApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['AlarmReceiver', 'AlarmRule'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listReceivers: build.query<ReceiverView[], string>({
        query: (orgId) => endpointRequest('listAlarmReceivers', { orgId }),
        transformResponse: (data: ResponseFor<'listAlarmReceivers'> | null) => data?.items ?? [],
        providesTags: ['AlarmReceiver'],
      }),
      saveReceiver: build.mutation<
        ReceiverView,
        { organizationId: string; existing: boolean; body: BodyFor<'createAlarmReceiver'> }
      >({
        query: ({ organizationId, existing, body }) =>
          existing
            ? endpointRequest(
                'updateAlarmReceiver',
                { orgId: organizationId, name: body.name },
                body,
              )
            : endpointRequest('createAlarmReceiver', { orgId: organizationId }, body),
        invalidatesTags: afterSuccess('AlarmReceiver', 'AlarmRule'),
      }),
      deleteReceiver: build.mutation<ResponseFor<'deleteAlarmReceiver'>, ItemRef>({
        query: ({ organizationId, name }) =>
          endpointRequest('deleteAlarmReceiver', { orgId: organizationId, name }),
        invalidatesTags: afterSuccess('AlarmReceiver', 'AlarmRule'),
      }),
      listRules: build.query<RuleView[], string>({
        query: (orgId) => endpointRequest('listAlarmRules', { orgId }),
        transformResponse: (data: ResponseFor<'listAlarmRules'> | null) => data?.items ?? [],
        providesTags: ['AlarmRule'],
      }),
      saveRule: build.mutation<
        RuleView,
        { organizationId: string; existing: boolean; body: BodyFor<'createAlarmRule'> }
      >({
        query: ({ organizationId, existing, body }) =>
          existing
            ? endpointRequest('updateAlarmRule', { orgId: organizationId, name: body.name }, body)
            : endpointRequest('createAlarmRule', { orgId: organizationId }, body),
        invalidatesTags: afterSuccess('AlarmRule'),
      }),
      deleteRule: build.mutation<ResponseFor<'deleteAlarmRule'>, ItemRef>({
        query: ({ organizationId, name }) =>
          endpointRequest('deleteAlarmRule', { orgId: organizationId, name }),
        invalidatesTags: afterSuccess('AlarmRule'),
      }),
      listAlarmMessages: build.query<AlarmMessage[], undefined>({
        query: () => endpointRequest('listAlertMetrics', {}),
        transformResponse: (data: ResponseFor<'listAlertMetrics'> | null) => data?.items ?? [],
      }),
    }),
  });

export const {
  useListReceiversQuery,
  useSaveReceiverMutation,
  useDeleteReceiverMutation,
  useListRulesQuery,
  useSaveRuleMutation,
  useDeleteRuleMutation,
  useListAlarmMessagesQuery,
} = alarmConfigApi;
