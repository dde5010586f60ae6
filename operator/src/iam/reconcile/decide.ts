import type { Condition, Verdict } from '../../controllers/conditions.js';
import { condition, fine, transitions } from '../../controllers/conditions.js';
import type { EventIntent } from '../../controllers/events.js';
import type { Decision } from '../../controllers/status.js';
import { missingSecretRetryMs } from './initial-password.js';

/** What the IAM controller saw of one object, after its lifecycle steps ran. */
export interface IamObservation {
  generation: number | undefined;
  conditions: readonly Condition[];
  /** Whether its references resolve (validate.ts, secret-refs.ts). */
  valid: Verdict;
  /** What its own step reported (initial password, organization deletion), if it has one. */
  ready?: Verdict | undefined;
}

export interface IamDecision extends Decision {
  requeueAfterMs?: number;
}

const readyActions: Record<string, string> = {
  DeletionBlocked: 'Delete',
  PasswordSecretNotFound: 'SetPassword',
  PasswordKeyNotFound: 'SetPassword',
  PasswordRejected: 'SetPassword',
  PasswordSecretNotAllowed: 'SetPassword',
  PasswordSet: 'SetPassword',
};

const warning = (reason: string, note: string, action: string): EventIntent => ({
  type: 'Warning',
  reason,
  note,
  action,
});

/**
 * Observed → desired for an IAM object: conditions Valid and Ready, and the Events that explain
 * them in `kubectl describe` — a Warning per problem while it lasts (the recorder folds repeats
 * into a count), a Normal one when a problem is resolved or a password was set.
 */
export function decideIam(observed: IamObservation): IamDecision {
  const { valid, generation } = observed;
  const ready = !valid.ok
    ? { ...valid, message: `not valid: ${valid.message}` }
    : (observed.ready ?? fine('Reconciled', 'references resolved'));
  const conditions = [condition('Valid', valid, generation), condition('Ready', ready, generation)];
  const flips = transitions(observed.conditions, conditions);
  const flipped = (type: string, to: Condition['status']) =>
    flips.some((t) => t.type === type && t.to === to && t.from !== undefined);
  const events: EventIntent[] = [];
  if (!valid.ok) {
    for (const problem of valid.problems ?? [valid]) {
      events.push(warning(problem.reason, problem.message, 'Validate'));
    }
  } else if (!ready.ok) {
    events.push(warning(ready.reason, ready.message, readyActions[ready.reason] ?? 'Reconcile'));
  }
  if (valid.ok && flipped('Valid', 'True')) {
    events.push({
      type: 'Normal',
      reason: 'ReferencesResolved',
      note: valid.message,
      action: 'Validate',
    });
  }
  if (
    ready.ok &&
    ready.reason === 'PasswordSet' &&
    flips.some((t) => t.type === 'Ready' && t.to === 'True')
  ) {
    events.push({
      type: 'Normal',
      reason: 'PasswordSet',
      note: ready.message,
      action: 'SetPassword',
    });
  }
  return {
    conditions,
    events,
    ...(ready.reason === 'PasswordSecretNotFound' ? { requeueAfterMs: missingSecretRetryMs } : {}),
  };
}
