import type { Controller, ControllerFactory } from '../controllers/controller.js';
import { watchSpec } from '../controllers/controller.js';
import type { DesiredCondition } from '../controllers/conditions.js';
import type { EventIntent } from '../controllers/events.js';
import { applyDecision } from '../controllers/status.js';
import type { AlarmSilenceObject, ClusterObject, HubStore } from '../hub/store.js';
import { organizationOf } from '../access/org-scope.js';
import type { AlertmanagerClient } from './alertmanager.js';
import { hasAlertmanager } from './alertmanager.js';
import { silenceState } from './silence-match.js';

export interface AlarmSilenceDeps {
  store: Pick<HubStore, 'alarmSilences' | 'clusters' | 'organizations'>;
  alertmanager: AlertmanagerClient;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Keeps each AlarmSilence's state (active until its end, then expired) and mirrors it to its
 * cluster's Alertmanager (v2 API), so teams that route alerts there see the same silences. A
 * deleted silence is expired there too. The silence belongs to its cluster's organization.
 */
export function alarmSilenceController(deps: AlarmSilenceDeps): ControllerFactory {
  return (context): Controller => {
    const { store } = deps;
    // Deleted silences still mirrored: expired in Alertmanager by the next reconcile of the name,
    // only in the very Cluster they were mirrored to (not a new one of the same name).
    const gone = new Map<string, { cluster: string; clusterUid?: string; id: string }>();

    async function expireDeleted(name: string) {
      const mirrored = gone.get(name);
      gone.delete(name);
      const cluster = mirrored && store.clusters.get(mirrored.cluster);
      const same = cluster?.metadata.uid === mirrored?.clusterUid;
      if (mirrored && cluster && same && hasAlertmanager(cluster)) {
        await deps.alertmanager.expireSilence(cluster, mirrored.id);
      }
    }

    async function mirror(
      silence: AlarmSilenceObject,
      cluster: ClusterObject,
      events: EventIntent[],
    ): Promise<{ id?: string; condition: DesiredCondition }> {
      const generation = silence.metadata.generation;
      const id = silence.status?.alertmanagerId;
      const mirrored = silence.status?.conditions?.find((c) => c.type === 'Mirrored');
      if (id && mirrored?.status === 'True' && mirrored.observedGeneration === generation) {
        return { id, condition: { ...mirrored } };
      }
      try {
        const newId = await deps.alertmanager.putSilence(cluster, {
          ...(id ? { id } : {}),
          matchers: silence.spec.matchers,
          startsAt: silence.spec.startsAt,
          endsAt: silence.spec.endsAt,
          createdBy: silence.spec.creator,
          comment: silence.spec.comment,
        });
        const message = `silence ${newId} in the Alertmanager of cluster ${cluster.metadata.name}`;
        return {
          id: newId,
          condition: {
            type: 'Mirrored',
            status: 'True',
            observedGeneration: generation,
            reason: 'Mirrored',
            message,
          },
        };
      } catch (error) {
        const message = `not mirrored to cluster ${cluster.metadata.name}: ${errorText(error)}`;
        events.push({
          type: 'Warning',
          reason: 'AlertmanagerUnreachable',
          action: 'Mirror',
          note: message,
        });
        return {
          ...(id ? { id } : {}),
          condition: {
            type: 'Mirrored',
            status: 'False',
            observedGeneration: generation,
            reason: 'AlertmanagerUnreachable',
            message,
          },
        };
      }
    }

    async function endEarly(
      cluster: ClusterObject,
      silence: AlarmSilenceObject,
      id: string,
      events: EventIntent[],
    ): Promise<DesiredCondition> {
      const generation = silence.metadata.generation;
      const mirrored = silence.status?.conditions?.find((c) => c.type === 'Mirrored');
      if (mirrored && mirrored.observedGeneration === generation) return { ...mirrored };
      try {
        await deps.alertmanager.expireSilence(cluster, id);
        return {
          type: 'Mirrored',
          status: 'True',
          observedGeneration: generation,
          reason: 'Expired',
          message: `silence ${id} expired in the Alertmanager of cluster ${cluster.metadata.name}`,
        };
      } catch (error) {
        const message = `not expired in cluster ${cluster.metadata.name}: ${errorText(error)}`;
        events.push({
          type: 'Warning',
          reason: 'AlertmanagerUnreachable',
          action: 'Mirror',
          note: message,
        });
        return {
          type: 'Mirrored',
          status: 'False',
          observedGeneration: generation,
          reason: 'AlertmanagerUnreachable',
          message,
        };
      }
    }

    async function reconcile(name: string) {
      const silence = store.alarmSilences.get(name);
      if (!silence) {
        await expireDeleted(name);
        return undefined;
      }
      const now = context.clock.now();
      const generation = silence.metadata.generation;
      const state = silenceState(silence.spec, now);
      const cluster = store.clusters.get(silence.spec.cluster);
      const owned = cluster && organizationOf(cluster, store.organizations) !== undefined;
      const events: EventIntent[] = [];
      const valid: DesiredCondition = owned
        ? {
            type: 'Valid',
            status: 'True',
            observedGeneration: generation,
            reason: 'ClusterFound',
            message: `cluster ${silence.spec.cluster}`,
          }
        : {
            type: 'Valid',
            status: 'False',
            observedGeneration: generation,
            reason: 'ClusterNotFound',
            message: `cluster ${silence.spec.cluster} does not exist or belongs to no organization`,
          };
      if (!owned)
        events.push({
          type: 'Warning',
          reason: valid.reason,
          action: 'Validate',
          note: valid.message,
        });
      const conditions: DesiredCondition[] = [valid];
      let alertmanagerId = silence.status?.alertmanagerId;
      let failed = false;
      if (cluster && owned && state !== 'expired' && hasAlertmanager(cluster)) {
        const mirrored = await mirror(silence, cluster, events);
        alertmanagerId = mirrored.id;
        failed = mirrored.condition.status === 'False';
        conditions.push(mirrored.condition);
      } else if (cluster && state === 'expired' && alertmanagerId && hasAlertmanager(cluster)) {
        // Ended early (expired through the API): Alertmanager would keep it to the old end.
        const ended = await endEarly(cluster, silence, alertmanagerId, events);
        failed = ended.status === 'False';
        conditions.push(ended);
      }
      const expired = state === 'expired';
      conditions.push({
        type: 'Ready',
        status: owned && !expired ? 'True' : 'False',
        observedGeneration: generation,
        reason: !owned
          ? 'Invalid'
          : expired
            ? 'Expired'
            : state === 'pending'
              ? 'Scheduled'
              : 'Active',
        message: expired
          ? `ended at ${silence.spec.endsAt}`
          : `silences alerts until ${silence.spec.endsAt}`,
      });
      const fields = {
        state: expired ? ('expired' as const) : ('active' as const),
        ...(alertmanagerId ? { alertmanagerId } : {}),
      };
      const changedFields =
        fields.state !== silence.status?.state ||
        fields.alertmanagerId !== silence.status.alertmanagerId;
      await applyDecision(
        store.alarmSilences,
        silence,
        { conditions, ...(changedFields ? { fields } : {}), events },
        { events: context.events, now: new Date(now) },
      );
      if (failed) return { requeueAfterMs: 30_000 };
      if (state === 'pending') return { requeueAfterMs: Date.parse(silence.spec.startsAt) - now };
      if (state === 'active') return { requeueAfterMs: Date.parse(silence.spec.endsAt) - now };
      return undefined;
    }

    return {
      name: 'alarm-silences',
      concurrency: 4,
      resyncMs: 10 * 60 * 1000,
      keys: () => store.alarmSilences.list().map((s) => s.metadata.name),
      watches: [
        watchSpec(store.alarmSilences, (type, silence) => {
          const id = silence.status?.alertmanagerId;
          if (type === 'delete' && id) {
            const clusterUid = store.clusters.get(silence.spec.cluster)?.metadata.uid;
            gone.set(silence.metadata.name, {
              cluster: silence.spec.cluster,
              ...(clusterUid ? { clusterUid } : {}),
              id,
            });
          }
          return [silence.metadata.name];
        }),
      ],
      reconcile,
    };
  };
}
