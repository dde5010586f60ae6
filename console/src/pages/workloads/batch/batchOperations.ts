import type { WorkloadKind } from '@nimbus/api/shared';
import { rolloutKinds } from '@nimbus/api/shared';
import type { AppDispatch } from '../../../app/store';
import { workloadApi, type WorkloadTarget } from '../../../api/workloadApi';
import type { ListedObject } from '../../../resources/kubeObject';

export type BatchOperation = 'restart' | 'suspend' | 'resume' | 'delete';

/** The catalogue permission each operation needs (operator/src/access/catalogue.ts). */
export const batchOperationPermission: Record<BatchOperation, string> = {
  restart: 'application:restart',
  suspend: 'application:update',
  resume: 'application:update',
  delete: 'application:delete',
};

/** What can be done to several applications of one kind at once. */
export function batchOperationsOf(kind: WorkloadKind): BatchOperation[] {
  if (kind === 'cronjobs') return ['suspend', 'resume', 'delete'];
  if ((rolloutKinds as readonly string[]).includes(kind)) return ['restart', 'delete'];
  return ['delete'];
}

export const targetOfRow = (kind: WorkloadKind, row: ListedObject): WorkloadTarget => ({
  vendor: row.vendor,
  region: row.region,
  cluster: row.cluster,
  kind,
  namespace: row.metadata?.namespace ?? '',
  name: row.metadata?.name ?? '',
});

export const keyOfTarget = (target: WorkloadTarget): string =>
  `${target.cluster}/${target.namespace}/${target.name}`;

/** One operation on one application, as the caller; resolves when the member accepted it. */
export function runOperation(
  dispatch: AppDispatch,
  operation: BatchOperation,
  target: WorkloadTarget,
): Promise<unknown> {
  const { endpoints } = workloadApi;
  switch (operation) {
    case 'restart':
      return dispatch(endpoints.restartWorkload.initiate(target)).unwrap();
    case 'suspend':
    case 'resume':
      return dispatch(
        endpoints.suspendCronJob.initiate({
          ...target,
          body: { suspend: operation === 'suspend' },
        }),
      ).unwrap();
    case 'delete':
      return dispatch(endpoints.deleteWorkload.initiate(target)).unwrap();
  }
}
