/** metav1.Condition as Nimbus writes it to /status. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  observedGeneration?: number | undefined;
  lastTransitionTime: string;
  reason: string;
  message: string;
}

/** What a reconciler decides; the helper below adds the transition time. */
export type DesiredCondition = Omit<Condition, 'lastTransitionTime'>;

export interface Verdict {
  ok: boolean;
  reason: string;
  message: string;
  /** Each problem a failed verdict sums up; each becomes its own Event. */
  problems?: readonly { reason: string; message: string }[];
}

export const fine = (reason: string, message: string): Verdict => ({ ok: true, reason, message });
export const wrong = (reason: string, message: string): Verdict => ({ ok: false, reason, message });

export function condition(type: string, verdict: Verdict, generation?: number): DesiredCondition {
  return {
    type,
    status: verdict.ok ? 'True' : 'False',
    observedGeneration: generation,
    reason: verdict.reason,
    message: verdict.message,
  };
}

/**
 * The conditions to store: lastTransitionTime moves only when a status flips, and conditions of
 * other types (written by someone else) are kept.
 */
export function mergeConditions(
  current: readonly Condition[],
  desired: readonly DesiredCondition[],
  now: Date,
): Condition[] {
  const merged = current.filter((c) => !desired.some((d) => d.type === c.type));
  for (const { observedGeneration, ...wanted } of desired) {
    const previous = current.find((c) => c.type === wanted.type);
    const since =
      previous && previous.status === wanted.status
        ? previous.lastTransitionTime
        : now.toISOString();
    merged.push({
      ...wanted,
      ...(observedGeneration === undefined ? {} : { observedGeneration }),
      lastTransitionTime: since,
    });
  }
  return merged.sort((a, b) => a.type.localeCompare(b.type));
}

/** True when writing `next` would change what is stored (so unchanged status is not rewritten). */
export function conditionsDiffer(
  current: readonly Condition[],
  next: readonly Condition[],
): boolean {
  const key = (list: readonly Condition[]) =>
    JSON.stringify(
      [...list]
        .sort((a, b) => a.type.localeCompare(b.type))
        .map((c) => [
          c.type,
          c.status,
          c.reason,
          c.message,
          c.observedGeneration ?? null,
          c.lastTransitionTime,
        ]),
    );
  return key(current) !== key(next);
}

/** A condition type whose status changed (or appeared) in a merge: what Events report. */
export interface Transition {
  type: string;
  from: Condition['status'] | undefined;
  to: Condition['status'];
}

export function transitions(
  current: readonly Condition[],
  desired: readonly DesiredCondition[],
): Transition[] {
  return desired.flatMap(({ type, status }) => {
    const from = current.find((c) => c.type === type)?.status;
    return from === status ? [] : [{ type, from, to: status }];
  });
}

/** The one way status conditions are written: merged, and only when something changed. */
export interface StatusChange {
  /** The full list to store, or undefined when the stored one is already right. */
  conditions: Condition[] | undefined;
  transitions: Transition[];
}

export function statusChange(
  current: readonly Condition[] | undefined,
  desired: readonly DesiredCondition[],
  now: Date,
): StatusChange {
  const stored = current ?? [];
  const next = mergeConditions(stored, desired, now);
  return {
    conditions: conditionsDiffer(stored, next) ? next : undefined,
    transitions: transitions(stored, desired),
  };
}
