// The kinds the shared application form creates (add/Application and its four kinds).

export const applicationKinds = ['Deployment', 'StatefulSet', 'DaemonSet', 'CronJob'] as const;
export type ApplicationKind = (typeof applicationKinds)[number];
/**
 * Kinds an HPA may scale: autoscaling is offered, and accepted, only for a Deployment or a
 * StatefulSet; a request asking it for a DaemonSet or CronJob is refused.
 */
export const autoscaleKinds = ['Deployment', 'StatefulSet'] as const;
/** Kinds that keep a number of replicas. */
export const replicatedKinds = ['Deployment', 'StatefulSet'] as const;
