// Run a CronJob now: a Job from its job template, owned by the CronJob, as
// `kubectl create job --from=cronjob/<name>` makes it.
import type { Workload } from './workload-object.js';

/** Job names are label values (63 characters): the CronJob's name is cut to leave room. */
const maxJobName = 63;

export function manualJobName(cronJob: string, now: Date): string {
  const suffix = `-manual-${Math.floor(now.getTime() / 1000).toString(36)}`;
  return `${cronJob.slice(0, maxJobName - suffix.length).replace(/[-.]+$/, '')}${suffix}`;
}

export function jobFromCronJob(cronJob: Workload, now: Date): Record<string, unknown> {
  const template = cronJob.spec?.jobTemplate ?? {};
  const name = cronJob.metadata?.name ?? '';
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: manualJobName(name, now),
      namespace: cronJob.metadata?.namespace,
      labels: template.metadata?.labels ?? {},
      annotations: {
        ...(template.metadata?.annotations ?? {}),
        'cronjob.kubernetes.io/instantiate': 'manual',
      },
      ownerReferences: [
        {
          apiVersion: 'batch/v1',
          kind: 'CronJob',
          name,
          uid: cronJob.metadata?.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: template.spec ?? {},
  };
}
