import type { AlarmOperator } from '../crds/alarm-rule.js';
import type { Labels, SilenceWindow } from './silence-match.js';
import { silencing } from './silence-match.js';

export interface Sample {
  labels: Labels;
  value: number;
}

/** What the evaluation needs of an AlarmRule. */
export interface RuleTerms {
  name: string;
  cluster: string;
  operator: AlarmOperator;
  threshold: number;
  durationSeconds: number;
}

/**
 * One series of a rule the leader tracks. pending: the condition holds, not yet for the
 * duration. Then the alarm statuses (Alertmanager's names): unprocessed — firing, receivers not
 * yet told; active — firing and delivered; suppressed — firing under a silence.
 */
export type TrackedState = 'pending' | 'unprocessed' | 'active' | 'suppressed';

export interface TrackedAlarm {
  fingerprint: string;
  labels: Labels;
  value: number;
  state: TrackedState;
  activeAt: number;
  firedAt?: number;
  notifiedAt?: number;
  silencedBy?: string;
}

export interface Evaluation {
  /** Every series still tracked, by fingerprint (pending ones included). */
  tracked: Map<string, TrackedAlarm>;
  /** Firing alarms whose receivers must be told now. */
  toNotify: TrackedAlarm[];
  /** Alarms that fired before and whose condition no longer holds. */
  resolved: TrackedAlarm[];
}

/** Delivered alarms are told again after this long while they keep firing. */
export const repeatIntervalMs = 4 * 60 * 60 * 1000;

export function compare(value: number, operator: AlarmOperator, threshold: number): boolean {
  if (Number.isNaN(value)) return false;
  switch (operator) {
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    case '==':
      return value === threshold;
    case '!=':
      return value !== threshold;
  }
}

/** The labels an alarm carries: the series', plus alertname (the rule) and cluster. */
export function alarmLabels(rule: Pick<RuleTerms, 'name' | 'cluster'>, series: Labels): Labels {
  return { ...series, alertname: rule.name, cluster: rule.cluster };
}

/** A stable identity of a label set: sorted name=value pairs. */
export function fingerprint(labels: Labels): string {
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
}

function firingState(
  previous: TrackedAlarm | undefined,
  silencedBy: SilenceWindow | undefined,
  now: number,
): Pick<TrackedAlarm, 'state' | 'silencedBy'> {
  if (silencedBy) return { state: 'suppressed', silencedBy: silencedBy.name };
  const delivered = previous?.state === 'active' && previous.notifiedAt !== undefined;
  if (delivered && now - (previous.notifiedAt ?? 0) < repeatIntervalMs) return { state: 'active' };
  return { state: 'unprocessed' };
}

/**
 * One evaluation of a rule at `now` (ms) over the samples Prometheus returned: the pure state
 * machine of the alarms. Series whose condition holds start pending, fire once it has held for
 * the rule's duration, are suppressed while a silence of the cluster matches them, and are
 * handed to the receivers when firing and not yet delivered (or a repeat is due).
 */
export function evaluateRule(
  rule: RuleTerms,
  samples: readonly Sample[],
  previous: ReadonlyMap<string, TrackedAlarm>,
  silences: readonly SilenceWindow[],
  now: number,
): Evaluation {
  const tracked = new Map<string, TrackedAlarm>();
  const toNotify: TrackedAlarm[] = [];
  for (const sample of samples) {
    if (!compare(sample.value, rule.operator, rule.threshold)) continue;
    const labels = alarmLabels(rule, sample.labels);
    const key = fingerprint(labels);
    if (tracked.has(key)) continue;
    const before = previous.get(key);
    const activeAt = before?.activeAt ?? now;
    const base = { fingerprint: key, labels, value: sample.value, activeAt };
    if (now - activeAt < rule.durationSeconds * 1000) {
      tracked.set(key, { ...base, state: 'pending' });
      continue;
    }
    const silence = silencing(silences, rule.cluster, labels, now);
    const alarm: TrackedAlarm = {
      ...base,
      firedAt: before?.firedAt ?? now,
      ...(before?.notifiedAt !== undefined ? { notifiedAt: before.notifiedAt } : {}),
      ...firingState(before, silence, now),
    };
    tracked.set(key, alarm);
    if (alarm.state === 'unprocessed') toNotify.push(alarm);
  }
  const resolved = [...previous.values()].filter(
    (alarm) => alarm.state !== 'pending' && !tracked.has(alarm.fingerprint),
  );
  return { tracked, toNotify, resolved };
}

/** After the receivers took an alarm: active, with the time of the delivery. */
export function markDelivered(alarm: TrackedAlarm, now: number): TrackedAlarm {
  return { ...alarm, state: 'active', notifiedAt: now };
}
