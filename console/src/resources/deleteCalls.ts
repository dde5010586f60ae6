import type { ClusterLocation } from '@nimbus/api';
import { kindDeclaration, type WorkloadKind } from '@nimbus/api/shared';
import { endpointRequest, type EndpointRequest } from '../apiClient/endpointUrl';
import { kindPermission } from './kindPermission';
import type { ListedKind } from './resourceKinds';

/**
 * The listed kinds the console deletes (events come and go with what they describe; nodes leave
 * their cluster, not the console).
 */
export const DELETABLE_KINDS = [
  'Deployment',
  'StatefulSet',
  'CronJob',
  'DaemonSet',
  'Job',
  'Pod',
  'Service',
  'Ingress',
  'ConfigMap',
  'Secret',
  'Namespace',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'StorageClass',
] as const satisfies readonly ListedKind[];
export type DeletableKind = (typeof DELETABLE_KINDS)[number];

/** One object to delete: its kind and where it is. */
export interface DeleteTarget extends ClusterLocation {
  kind: DeletableKind;
  name: string;
  /** Empty or absent for a cluster-scoped kind. */
  namespace?: string;
}

const at = ({ vendor, region, cluster }: DeleteTarget) => ({ vendor, region, cluster });
const inNamespace = (target: DeleteTarget) => ({
  ...at(target),
  namespace: target.namespace ?? '',
  name: target.name,
});
const workload = (target: DeleteTarget): EndpointRequest =>
  endpointRequest('deleteWorkload', {
    ...inNamespace(target),
    kind: kindDeclaration(target.kind).plural as WorkloadKind,
  });

/** The contract's delete call of each deletable kind. */
const deleteRequests: Record<DeletableKind, (target: DeleteTarget) => EndpointRequest> = {
  Deployment: workload,
  StatefulSet: workload,
  CronJob: workload,
  DaemonSet: workload,
  Job: workload,
  Pod: (target: DeleteTarget) => endpointRequest('deletePod', inNamespace(target)),
  Service: (target: DeleteTarget) => endpointRequest('deleteService', inNamespace(target)),
  Ingress: (target: DeleteTarget) => endpointRequest('deleteIngress', inNamespace(target)),
  ConfigMap: (target: DeleteTarget) => endpointRequest('deleteConfigMap', inNamespace(target)),
  Secret: (target: DeleteTarget) => endpointRequest('deleteSecret', inNamespace(target)),
  Namespace: (target: DeleteTarget) =>
    endpointRequest('deleteNamespace', { ...at(target), name: target.name }),
  PersistentVolume: (target: DeleteTarget) =>
    endpointRequest('deletePersistentVolume', { ...at(target), name: target.name }),
  PersistentVolumeClaim: (target: DeleteTarget) =>
    endpointRequest('deletePersistentVolumeClaim', inNamespace(target)),
  StorageClass: (target: DeleteTarget) =>
    endpointRequest('deleteStorageClass', { ...at(target), name: target.name }),
};

export function isDeletable(kind: string): kind is DeletableKind {
  return (DELETABLE_KINDS as readonly string[]).includes(kind);
}

/** The request that deletes `target`, as the caller. */
export function deleteRequest(target: DeleteTarget): EndpointRequest {
  return deleteRequests[target.kind](target);
}

/**
 * The role-catalogue permissions that let the caller delete a kind (any one of them), as
 * operator/src/access/catalogue.ts projects them: the kind's group's `delete`, and for pods also
 * `application:restart` ("restart applications and delete their pods").
 */
export function deletePermissions(kind: DeletableKind): readonly string[] {
  const remove = kindPermission(kind, 'delete') ?? '';
  return kind === 'Pod' ? [remove, 'application:restart'] : [remove];
}
