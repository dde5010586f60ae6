import { endpoint, json } from '../endpoint.js';
import { locationPath, locationSchema } from '../schemas/common.js';
import { kubeObjectSchema } from '../schemas/kube.js';
import { dnsLabel } from '../schemas/namespace-requests.js';
import { objectName } from '../schemas/resource-requests.js';

const k8sAt = `/k8s.{host}${locationPath}`;
const k8sNs = `${k8sAt}/namespaces/:namespace`;
const asCaller = (rbac: string) => ({
  allow: 'authenticated' as const,
  note: `Then the member decides as the caller (${rbac}).`,
});
const namespacedParams = locationSchema.extend({ namespace: dnsLabel, name: objectName });
const clusterScopedParams = locationSchema.extend({ name: objectName });

/**
 * Deletes of the listed kinds that have no lifecycle of their own (applications, namespaces,
 * config maps and secrets are deleted through theirs), as the caller; each answers the object
 * as the member left it (a finalizer may keep it a while). Declared before workloadEndpoints:
 * its `…/namespaces/:namespace/:kind/:name` would take the namespaced paths.
 */
export const resourceDeleteEndpoints = {
  deletePod: endpoint({
    method: 'DELETE',
    path: `${k8sNs}/pods/:name`,
    access: asCaller('application:delete, or application:restart'),
    summary: 'Delete a pod (its controller, if any, starts another)',
    tag: 'k8s',
    params: namespacedParams,
    response: json(kubeObjectSchema),
  }),
  deleteService: endpoint({
    method: 'DELETE',
    path: `${k8sNs}/services/:name`,
    access: asCaller('service:delete'),
    summary: 'Delete a service',
    tag: 'k8s',
    params: namespacedParams,
    response: json(kubeObjectSchema),
  }),
  deleteIngress: endpoint({
    method: 'DELETE',
    path: `${k8sNs}/ingresses/:name`,
    access: asCaller('ingress:delete'),
    summary: 'Delete an ingress',
    tag: 'k8s',
    params: namespacedParams,
    response: json(kubeObjectSchema),
  }),
  deletePersistentVolumeClaim: endpoint({
    method: 'DELETE',
    path: `${k8sNs}/persistentvolumeclaims/:name`,
    access: asCaller('persistentvolumeclaim:delete'),
    summary: 'Delete a persistent volume claim (kept until no pod uses it)',
    tag: 'k8s',
    params: namespacedParams,
    response: json(kubeObjectSchema),
  }),
  deletePersistentVolume: endpoint({
    method: 'DELETE',
    path: `${k8sAt}/persistentvolumes/:name`,
    access: asCaller('persistentvolume:delete'),
    summary: 'Delete a persistent volume (kept until no claim is bound to it)',
    tag: 'k8s',
    params: clusterScopedParams,
    response: json(kubeObjectSchema),
  }),
  deleteStorageClass: endpoint({
    method: 'DELETE',
    path: `${k8sAt}/storageclasses/:name`,
    access: asCaller('storageclass:delete'),
    summary: 'Delete a storage class',
    tag: 'k8s',
    params: clusterScopedParams,
    response: json(kubeObjectSchema),
  }),
} as const;
