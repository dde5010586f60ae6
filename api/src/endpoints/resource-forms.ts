import { endpoint, json } from '../endpoint.js';
import { locationSchema } from '../schemas/common.js';
import { namespacePathParams } from '../schemas/config-requests.js';
import { kubeObjectSchema } from '../schemas/kube.js';
import { ingressBody, serviceBody } from '../schemas/network-requests.js';
import {
  persistentVolumeBody,
  persistentVolumeClaimBody,
  storageClassBody,
} from '../schemas/storage-requests.js';

const placedNs = '/k8s.{host}/namespaces/:namespace';
const asCaller = (rbac: string) => ({
  allow: 'authenticated' as const,
  note: `Then the member decides as the caller (${rbac}).`,
});
/** These paths name no cluster: vendor, region and cluster in the body or X-Nimbus-* headers. */
const placed = locationSchema.partial().shape;

/** The creation forms: the operator builds each manifest and creates it as the caller. */
export const resourceFormEndpoints = {
  createService: endpoint({
    method: 'POST',
    path: `${placedNs}/services`,
    access: asCaller('service:create'),
    summary: 'Create a service from the form',
    tag: 'k8s',
    params: namespacePathParams,
    body: serviceBody.safeExtend(placed),
    response: json(kubeObjectSchema),
  }),
  createIngress: endpoint({
    method: 'POST',
    path: `${placedNs}/ingresses`,
    access: asCaller('ingress:create'),
    summary: 'Create an ingress from the form',
    tag: 'k8s',
    params: namespacePathParams,
    body: ingressBody.safeExtend(placed),
    response: json(kubeObjectSchema),
  }),
  createPersistentVolumeClaim: endpoint({
    method: 'POST',
    path: `${placedNs}/persistentvolumeclaims`,
    access: asCaller('persistentvolumeclaim:create'),
    summary: 'Create a persistent volume claim from the form',
    tag: 'k8s',
    params: namespacePathParams,
    body: persistentVolumeClaimBody.extend(placed),
    response: json(kubeObjectSchema),
  }),
  createPersistentVolume: endpoint({
    method: 'POST',
    path: '/k8s.{host}/persistentvolumes',
    access: asCaller('persistentvolume:create'),
    summary: 'Create a persistent volume from the form',
    tag: 'k8s',
    body: persistentVolumeBody.extend(placed),
    response: json(kubeObjectSchema),
  }),
  createStorageClass: endpoint({
    method: 'POST',
    path: '/k8s.{host}/storageclasses',
    access: asCaller('storageclass:create'),
    summary: 'Create a storage class from the form',
    tag: 'k8s',
    body: storageClassBody.extend(placed),
    response: json(kubeObjectSchema),
  }),
} as const;
