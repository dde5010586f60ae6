import type { AlarmMessage, BodyFor, ReceiverView, ResponseFor, RuleView } from '@nimbus/api';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

type Tag = 'AlarmReceiver' | 'AlarmRule';

const ofOrganization = (organizationId: string, kind: 'receivers' | 'rules') =>
  `${servicePath('alarm')}/organizations/${encodeURIComponent(organizationId)}/${kind}`;

const itemOf = (organizationId: string, kind: 'receivers' | 'rules', name: string) =>
  `${ofOrganization(organizationId, kind)}/${encodeURIComponent(name)}`;

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
 * Alarm receivers and rules of the current organization, and the silent alert-metrics
 * notification call that feeds the console's alarm messages (docs/api.md "Alarms").
 */
export const alarmConfigApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['AlarmReceiver', 'AlarmRule'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listReceivers: build.query<ReceiverView[], string>({
        query: (organizationId) => ofOrganization(organizationId, 'receivers'),
        transformResponse: (data: ResponseFor<'listAlarmReceivers'> | null) => data?.items ?? [],
        providesTags: ['AlarmReceiver'],
      }),
      saveReceiver: build.mutation<
        ReceiverView,
        { organizationId: string; existing: boolean; body: BodyFor<'createAlarmReceiver'> }
      >({
        query: ({ organizationId, existing, body }) => ({
          url: existing
            ? itemOf(organizationId, 'receivers', body.name)
            : ofOrganization(organizationId, 'receivers'),
          method: existing ? 'PUT' : 'POST',
          body,
        }),
        invalidatesTags: afterSuccess('AlarmReceiver', 'AlarmRule'),
      }),
      deleteReceiver: build.mutation<ResponseFor<'deleteAlarmReceiver'>, ItemRef>({
        query: ({ organizationId, name }) => ({
          url: itemOf(organizationId, 'receivers', name),
          method: 'DELETE',
        }),
        invalidatesTags: afterSuccess('AlarmReceiver', 'AlarmRule'),
      }),
      listRules: build.query<RuleView[], string>({
        query: (organizationId) => ofOrganization(organizationId, 'rules'),
        transformResponse: (data: ResponseFor<'listAlarmRules'> | null) => data?.items ?? [],
        providesTags: ['AlarmRule'],
      }),
      saveRule: build.mutation<
        RuleView,
        { organizationId: string; existing: boolean; body: BodyFor<'createAlarmRule'> }
      >({
        query: ({ organizationId, existing, body }) => ({
          url: existing
            ? itemOf(organizationId, 'rules', body.name)
            : ofOrganization(organizationId, 'rules'),
          method: existing ? 'PUT' : 'POST',
          body,
        }),
        invalidatesTags: afterSuccess('AlarmRule'),
      }),
      deleteRule: build.mutation<ResponseFor<'deleteAlarmRule'>, ItemRef>({
        query: ({ organizationId, name }) => ({
          url: itemOf(organizationId, 'rules', name),
          method: 'DELETE',
        }),
        invalidatesTags: afterSuccess('AlarmRule'),
      }),
      listAlarmMessages: build.query<AlarmMessage[], undefined>({
        query: () => `${servicePath('monitor')}/alert-metrics/notifications`,
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
