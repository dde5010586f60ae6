import type { AlarmApiStore } from '../../alarms/api/alarm-scope.js';
import {
  createReceiver,
  deleteReceiver,
  listReceivers,
  updateReceiver,
} from '../../alarms/api/receivers-api.js';
import { createRule, deleteRule, listRules, updateRule } from '../../alarms/api/rules-api.js';
import {
  createSilence,
  deleteSilence,
  expireSilence,
  listAlertMetrics,
  listSilences,
} from '../../alarms/api/silences-api.js';
import { requireIdentity } from '../identity-locals.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

/** Alarm receivers, rules, silences and the alert-metrics notifications (alarm service). */
export function alarmEndpoints(
  store: AlarmApiStore,
  now: () => number = () => Date.now(),
): Implementation[] {
  return [
    implement('listAlarmReceivers', ({ params }, { res }) =>
      listReceivers(store, requireIdentity(res), params.orgId),
    ),
    implement('createAlarmReceiver', ({ params, body }, { res }) =>
      createReceiver(store, requireIdentity(res), params.orgId, body),
    ),
    implement('updateAlarmReceiver', ({ params, body }, { res }) =>
      updateReceiver(store, requireIdentity(res), params, body),
    ),
    implement('deleteAlarmReceiver', ({ params }, { res }) =>
      deleteReceiver(store, requireIdentity(res), params),
    ),
    implement('listAlarmRules', ({ params }, { res }) =>
      listRules(store, requireIdentity(res), params.orgId),
    ),
    implement('createAlarmRule', ({ params, body }, { res }) =>
      createRule(store, requireIdentity(res), params.orgId, body),
    ),
    implement('updateAlarmRule', ({ params, body }, { res }) =>
      updateRule(store, requireIdentity(res), params, body),
    ),
    implement('deleteAlarmRule', ({ params }, { res }) =>
      deleteRule(store, requireIdentity(res), params),
    ),
    implement('listAlarmSilences', ({ params }, { res }) =>
      listSilences(store, requireIdentity(res), params.orgId, now()),
    ),
    implement('createAlarmSilence', ({ params, body }, { res }) =>
      createSilence(store, requireIdentity(res), params.orgId, body, now()),
    ),
    implement('expireAlarmSilence', ({ params }, { res }) =>
      expireSilence(store, requireIdentity(res), params, now()),
    ),
    implement('deleteAlarmSilence', ({ params }, { res }) =>
      deleteSilence(store, requireIdentity(res), params),
    ),
    implement('listAlertMetrics', (_request, { res }) => {
      const identity = requireIdentity(res);
      return listAlertMetrics(store, identity, identity.currentOrganization);
    }),
  ];
}
