import type { Registry } from 'prom-client';
import { Counter } from 'prom-client';

export type SignInMethod = 'password' | 'oidc';
export type SignInOutcome = 'success' | 'failure';

export interface SignInCounter {
  count(method: SignInMethod, outcome: SignInOutcome): void;
}

/**
 * nimbus_sign_ins_total{method, outcome} on /metrics: every sign-in attempt, password or single
 * sign-on, so a wave of failures shows on a dashboard before anyone reads the audit trail.
 */
export function signInCounter(registry?: Registry): SignInCounter {
  const counter = new Counter({
    name: 'nimbus_sign_ins_total',
    help: 'Sign-in attempts by method (password, oidc) and outcome (success, failure).',
    labelNames: ['method', 'outcome'] as const,
    registers: registry ? [registry] : [],
  });
  return { count: (method, outcome) => counter.inc({ method, outcome }) };
}
