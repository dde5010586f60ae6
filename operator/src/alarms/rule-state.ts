import type { AlarmInstance } from '../crds/alarm-rule.js';
import type { AlarmSilenceObject } from '../hub/store.js';
import type { TrackedAlarm } from './evaluate.js';
import { fingerprint } from './evaluate.js';
import type { SilenceWindow } from './silence-match.js';

/** Most alarms a rule's status lists. */
export const maxListedAlarms = 100;

/** The firing alarms as the rule's status shows them (pending series are not alarms yet). */
export function statusAlarms(tracked: Iterable<TrackedAlarm>): AlarmInstance[] {
  const alarms: AlarmInstance[] = [];
  for (const alarm of tracked) {
    if (alarm.state === 'pending' || alarm.firedAt === undefined) continue;
    alarms.push({
      labels: { ...alarm.labels },
      value: alarm.value,
      state: alarm.state,
      activeAt: new Date(alarm.activeAt).toISOString(),
      firedAt: new Date(alarm.firedAt).toISOString(),
      ...(alarm.silencedBy ? { silencedBy: alarm.silencedBy } : {}),
    });
  }
  return alarms
    .sort(
      (a, b) =>
        a.firedAt.localeCompare(b.firedAt) ||
        fingerprint(a.labels).localeCompare(fingerprint(b.labels)),
    )
    .slice(0, maxListedAlarms);
}

/**
 * What a new leader knows of a rule's alarms: its status. A delivered alarm counts as delivered
 * when it fired, so a failover neither repeats nor drops a notification.
 */
export function trackedFromStatus(
  alarms: readonly AlarmInstance[] | undefined,
): Map<string, TrackedAlarm> {
  const tracked = new Map<string, TrackedAlarm>();
  for (const alarm of alarms ?? []) {
    const key = fingerprint(alarm.labels);
    const firedAt = Date.parse(alarm.firedAt);
    tracked.set(key, {
      fingerprint: key,
      labels: alarm.labels,
      value: alarm.value,
      state: alarm.state,
      activeAt: Date.parse(alarm.activeAt),
      firedAt,
      ...(alarm.state === 'active' ? { notifiedAt: firedAt } : {}),
      ...(alarm.silencedBy ? { silencedBy: alarm.silencedBy } : {}),
    });
  }
  return tracked;
}

export function silenceWindow(silence: AlarmSilenceObject): SilenceWindow {
  return {
    name: silence.metadata.name,
    cluster: silence.spec.cluster,
    matchers: silence.spec.matchers,
    startsAt: silence.spec.startsAt,
    endsAt: silence.spec.endsAt,
  };
}
