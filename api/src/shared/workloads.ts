// The application kinds of the lifecycle actions, as the member's API names their
// collections, and which action applies to which.

export const workloadKinds = [
  'deployments',
  'statefulsets',
  'daemonsets',
  'cronjobs',
  'jobs',
] as const;
export type WorkloadKind = (typeof workloadKinds)[number];
/** Kinds with a scale subresource the console scales by hand. */
export const scalableKinds = ['deployments', 'statefulsets'] as const;
/** Kinds whose pods are replaced by a template change: restart, revisions and rollback. */
export const rolloutKinds = ['deployments', 'statefulsets', 'daemonsets'] as const;
/** Kinds whose pod template may be changed in place (a Job's template is immutable). */
export const hotfixKinds = ['deployments', 'statefulsets', 'daemonsets', 'cronjobs'] as const;

/** Upper bound of a scale by hand: a typo (10000 for 100) should not reach the member. */
export const maxReplicas = 1000;
