import type { CrdReader } from '../access/caller-scope.js';
import type { Controller, ControllerFactory } from '../controllers/controller.js';
import { watch, watchSpec } from '../controllers/controller.js';
import type { DesiredCondition } from '../controllers/conditions.js';
import type { EventIntent } from '../controllers/events.js';
import { applyDecision } from '../controllers/status.js';
import type {
  AlarmReceiverObject,
  AlarmRuleObject,
  ClusterObject,
  HubStore,
} from '../hub/store.js';
import { organizationOf } from '../access/org-scope.js';
import type { AlertmanagerClient } from './alertmanager.js';
import { hasAlertmanager } from './alertmanager.js';
import type { Sample, TrackedAlarm } from './evaluate.js';
import { evaluateRule, markDelivered } from './evaluate.js';
import type { Notifier } from './notifier.js';
import type { Notice } from './payloads.js';
import { deliverableCredentials } from './receiver-credentials.js';
import { alertmanagerAlert } from './payloads.js';
import { authoredQuery } from './rule-author.js';
import { ruleReferences, validCondition } from './rule-references.js';
import { silenceWindow, statusAlarms, trackedFromStatus } from './rule-state.js';
import { alarmTemplateValues, fillTemplate } from './template.js';

/** Instant queries against a member's Prometheus (the monitoring service's client). */
export interface MetricSource {
  query(cluster: ClusterObject, promql: string, at: Date): Promise<Sample[]>;
}

export type AlarmStore = CrdReader &
  Pick<
    HubStore,
    'alarmRules' | 'alarmReceivers' | 'alarmSilences' | 'clusters' | 'organizations' | 'secrets'
  >;

export interface AlarmRuleDeps {
  store: AlarmStore;
  metrics: MetricSource;
  notifier: Notifier;
  alertmanager: AlertmanagerClient;
  /** How often each enabled rule is evaluated. */
  intervalMs: number;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function notice(rule: AlarmRuleObject, alarm: TrackedAlarm): Notice {
  const values = alarmTemplateValues(rule, alarm);
  return {
    rule: rule.metadata.name,
    cluster: rule.spec.cluster,
    header: fillTemplate(rule.spec.header, values),
    content: fillTemplate(rule.spec.content, values),
    labels: alarm.labels,
    value: alarm.value,
    firedAt: new Date(alarm.firedAt ?? alarm.activeAt).toISOString(),
  };
}

/**
 * Evaluates every enabled AlarmRule against its cluster's Prometheus on the leader, its query
 * bounded to its author's rights (rule-author.ts): each rule is a key, requeued every interval
 * and at once when the rule, a receiver it names or a silence of its cluster changes. Firing
 * alarms go to the receivers, are mirrored to the cluster's Alertmanager and listed in the
 * rule's status (what the alarm messages show).
 */
export function alarmRuleController(deps: AlarmRuleDeps): ControllerFactory {
  return (context): Controller => {
    const { store } = deps;
    const tracked = new Map<string, Map<string, TrackedAlarm>>();
    const rulesWhere = (match: (rule: AlarmRuleObject) => boolean) =>
      store.alarmRules.list(match).map((rule) => rule.metadata.name);

    async function deliver(
      rule: AlarmRuleObject,
      receivers: readonly AlarmReceiverObject[],
      alarm: TrackedAlarm,
      events: EventIntent[],
    ): Promise<boolean> {
      let delivered = true;
      for (const receiver of receivers) {
        try {
          const credentials = await deliverableCredentials(store.secrets, receiver);
          await deps.notifier.deliver(receiver.spec, credentials, notice(rule, alarm));
        } catch (error) {
          delivered = false;
          events.push({
            type: 'Warning',
            reason: 'DeliveryFailed',
            action: 'Notify',
            note: `receiver ${receiver.metadata.name}: ${errorText(error)}`,
          });
        }
      }
      return delivered;
    }

    async function mirror(
      rule: AlarmRuleObject,
      cluster: ClusterObject,
      firing: readonly TrackedAlarm[],
      resolved: readonly TrackedAlarm[],
      now: number,
      events: EventIntent[],
    ) {
      if (!hasAlertmanager(cluster)) return;
      const until = new Date(now + 4 * deps.intervalMs).toISOString();
      const ended = new Date(now).toISOString();
      const alerts = [
        ...firing.map((alarm) => alertmanagerAlert(notice(rule, alarm), until)),
        ...resolved.map((alarm) => alertmanagerAlert(notice(rule, alarm), ended)),
      ];
      try {
        await deps.alertmanager.postAlerts(cluster, alerts);
      } catch (error) {
        events.push({
          type: 'Warning',
          reason: 'AlertmanagerUnreachable',
          action: 'Mirror',
          note: `alerts not mirrored to cluster ${cluster.metadata.name}: ${errorText(error)}`,
        });
      }
    }

    async function write(
      rule: AlarmRuleObject,
      conditions: DesiredCondition[],
      alarms: ReturnType<typeof statusAlarms> | undefined,
      events: EventIntent[],
    ) {
      const now = new Date(context.clock.now());
      const changed =
        alarms !== undefined &&
        JSON.stringify(alarms) !== JSON.stringify(rule.status?.alarms ?? []);
      await applyDecision(
        store.alarmRules,
        rule,
        {
          conditions,
          ...(changed ? { fields: { alarms, lastEvaluationTime: now.toISOString() } } : {}),
          events,
        },
        { events: context.events, now },
      );
    }

    async function reconcile(name: string) {
      const rule = store.alarmRules.get(name);
      if (!rule) {
        for (const key of tracked.keys()) if (!store.alarmRules.getByUid(key)) tracked.delete(key);
        return undefined;
      }
      const generation = rule.metadata.generation;
      const references = ruleReferences(rule, {
        clusters: store.clusters,
        receivers: store.alarmReceivers,
        organizations: store.organizations,
      });
      const valid = validCondition(references, generation);
      const ready = (
        status: 'True' | 'False',
        reason: string,
        message: string,
      ): DesiredCondition => ({
        type: 'Ready',
        status,
        observedGeneration: generation,
        reason,
        message,
      });
      const events: EventIntent[] = references.problems.map((p) => ({
        type: 'Warning' as const,
        reason: p.reason,
        action: 'Validate',
        note: p.message,
      }));
      const { cluster } = references;
      if (!rule.spec.enabled || !cluster) {
        tracked.delete(rule.metadata.uid);
        const why = rule.spec.enabled
          ? ready('False', 'Invalid', 'the rule is not evaluated: ' + valid.message)
          : ready('False', 'Disabled', 'the rule is disabled');
        await write(rule, [valid, why], [], events);
        return undefined;
      }
      const authored = await authoredQuery(store, rule, cluster.metadata.name);
      if (!authored.ok) {
        tracked.delete(rule.metadata.uid);
        const why = ready(
          'False',
          authored.reason,
          'the rule is not evaluated: ' + authored.message,
        );
        await write(rule, [valid, why], [], events);
        return { requeueAfterMs: deps.intervalMs };
      }
      const now = context.clock.now();
      let samples: Sample[];
      try {
        samples = await deps.metrics.query(cluster, authored.query, new Date(now));
      } catch (error) {
        await write(
          rule,
          [valid, ready('False', 'QueryFailed', errorText(error))],
          undefined,
          events,
        );
        return { requeueAfterMs: deps.intervalMs };
      }
      const previous = tracked.get(rule.metadata.uid) ?? trackedFromStatus(rule.status?.alarms);
      const clusterOrg = organizationOf(cluster, store.organizations);
      const silences = store.alarmSilences
        .list((s) => s.spec.cluster === cluster.metadata.name && clusterOrg !== undefined)
        .map(silenceWindow);
      const result = evaluateRule(
        { name: rule.metadata.name, ...rule.spec },
        samples,
        previous,
        silences,
        now,
      );
      for (const alarm of result.toNotify) {
        if (await deliver(rule, references.receivers, alarm, events)) {
          result.tracked.set(alarm.fingerprint, markDelivered(alarm, now));
        }
      }
      tracked.set(rule.metadata.uid, result.tracked);
      const firing = [...result.tracked.values()].filter((a) => a.state !== 'pending');
      await mirror(rule, cluster, firing, result.resolved, now, events);
      const evaluated = ready('True', 'Evaluated', `${firing.length} alarm(s) firing`);
      await write(rule, [valid, evaluated], statusAlarms(result.tracked.values()), events);
      return { requeueAfterMs: deps.intervalMs };
    }

    return {
      name: 'alarm-rules',
      concurrency: 4,
      resyncMs: 10 * 60 * 1000,
      keys: () => rulesWhere(() => true),
      watches: [
        watchSpec(store.alarmRules, (_type, rule) => [rule.metadata.name]),
        watch(store.alarmSilences, (_type, silence) =>
          rulesWhere((rule) => rule.spec.cluster === silence.spec.cluster),
        ),
        watch(store.alarmReceivers, (_type, receiver) =>
          rulesWhere((rule) => rule.spec.receivers.includes(receiver.metadata.name)),
        ),
      ],
      reconcile,
    };
  };
}
