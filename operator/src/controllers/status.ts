import { apiVersion } from '../crds/kind.js';
import type { Condition, DesiredCondition, StatusChange } from './conditions.js';
import { statusChange } from './conditions.js';
import type { EventIntent, EventRecorder, ObjectReference } from './events.js';
import type { StatusPace } from './status-pace.js';

/** A hub object as controllers see it: enough to write its status and to name it in Events. */
export interface Observed {
  metadata: { name: string; uid: string; generation?: number };
  status?: { conditions?: Condition[] } | undefined;
}

/** Where status goes: a hub kind's /status subresource (KindStore.applyStatus). */
export interface StatusTarget {
  readonly kind: { kind: string };
  applyStatus(name: string, status: { conditions?: Condition[] }): Promise<unknown>;
}

export function referenceTo(kind: string, object: Observed): ObjectReference {
  return { apiVersion, kind, name: object.metadata.name, uid: object.metadata.uid };
}

/** What a reconciler decided about one object: its conditions, other status fields, Events. */
export interface Decision<Extra extends object = object> {
  conditions: DesiredCondition[];
  /**
   * Other status fields, written with the conditions every time status is written (server-side
   * apply drops fields a manager stops sending); a change of one is a reason to write.
   */
  fields?: Extra;
  events?: readonly EventIntent[];
}

function fieldsChanged(object: Observed, fields: object | undefined): boolean {
  const status = (object.status ?? {}) as Record<string, unknown>;
  return Object.entries(fields ?? {}).some(
    ([key, value]) => JSON.stringify(status[key]) !== JSON.stringify(value),
  );
}

/** Every desired condition is stored with the same status, reason and generation already. */
function onlyWordingDiffers(
  current: readonly Condition[],
  desired: readonly DesiredCondition[],
): boolean {
  return desired.every((wanted) => {
    const stored = current.find((c) => c.type === wanted.type);
    return (
      stored !== undefined &&
      stored.status === wanted.status &&
      stored.reason === wanted.reason &&
      (stored.observedGeneration ?? null) === (wanted.observedGeneration ?? null)
    );
  });
}

export interface AppliedDecision extends StatusChange {
  /** A wording-only change not written yet: reconcile again after this long to write it. */
  heldForMs?: number;
}

/**
 * The one status writer of the controllers: conditions merged by the helper (transition times
 * move only on a status change), written through /status only when something changed, then the
 * decision's Events recorded about the object. Returns the change, so callers see transitions.
 * With a `pace`, a change of wording alone waits until the object's last status write is a gap
 * old (status-pace.ts); the caller reconciles again after `heldForMs`.
 */
export async function applyDecision<Extra extends object>(
  target: StatusTarget,
  object: Observed,
  decision: Decision<Extra>,
  context: { events: EventRecorder; now: Date; pace?: StatusPace },
): Promise<AppliedDecision> {
  const current = object.status?.conditions ?? [];
  const change: AppliedDecision = statusChange(current, decision.conditions, context.now);
  const fields = fieldsChanged(object, decision.fields);
  const { pace } = context;
  const uid = object.metadata.uid;
  const heldForMs =
    pace && change.conditions && !fields && onlyWordingDiffers(current, decision.conditions)
      ? pace.waitMs(uid)
      : 0;
  if (heldForMs > 0) change.heldForMs = heldForMs;
  else if (change.conditions || fields) {
    await target.applyStatus(object.metadata.name, {
      ...decision.fields,
      conditions: change.conditions ?? current,
    });
    pace?.wrote(uid);
  }
  const regarding = referenceTo(target.kind.kind, object);
  for (const event of decision.events ?? []) context.events.record(regarding, event);
  return change;
}
