import { apiVersion } from '../crds/kind.js';
import type { Condition, DesiredCondition, StatusChange } from './conditions.js';
import { statusChange } from './conditions.js';
import type { EventIntent, EventRecorder, ObjectReference } from './events.js';

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

/**
 * The one status writer of the controllers: conditions merged by the helper (transition times
 * move only on a status change), written through /status only when something changed, then the
 * decision's Events recorded about the object. Returns the change, so callers see transitions.
 */
export async function applyDecision<Extra extends object>(
  target: StatusTarget,
  object: Observed,
  decision: Decision<Extra>,
  context: { events: EventRecorder; now: Date },
): Promise<StatusChange> {
  const current = object.status?.conditions ?? [];
  const change = statusChange(current, decision.conditions, context.now);
  if (change.conditions || fieldsChanged(object, decision.fields)) {
    await target.applyStatus(object.metadata.name, {
      ...decision.fields,
      conditions: change.conditions ?? current,
    });
  }
  const regarding = referenceTo(target.kind.kind, object);
  for (const event of decision.events ?? []) context.events.record(regarding, event);
  return change;
}
