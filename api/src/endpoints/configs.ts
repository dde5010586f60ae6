import { endpoint, json } from '../endpoint.js';
import { locationPath, locationSchema } from '../schemas/common.js';
import {
  configItemSchema,
  configItemsSchema,
  configMapBody,
  configNameParams,
  configParams,
  namedInNamespace,
  namespacePathParams,
  registryPullSecretBody,
  registrySecretBody,
  secretBody,
  secretValuesBody,
} from '../schemas/config-requests.js';
import { kubeObjectSchema } from '../schemas/kube.js';

const k8sNs = `/k8s.{host}${locationPath}/namespaces/:namespace`;
const placedNs = '/k8s.{host}/namespaces/:namespace';
const asCaller = (rbac: string) => ({
  allow: 'authenticated' as const,
  note: `Then the member decides as the caller (${rbac}).`,
});
/** Calls whose path names no cluster: vendor, region and cluster in the body or X-Nimbus-* headers. */
const placed = locationSchema.partial().shape;

/**
 * Config maps and secrets, as the caller. Declared before workloadEndpoints: its
 * `…/namespaces/:namespace/:kind/:name` would take these paths.
 */
export const configEndpoints = {
  listConfigMaps: endpoint({
    method: 'GET',
    path: `${k8sNs}/configmaps`,
    access: asCaller('configmap:list'),
    summary: 'Config maps of a namespace with their data keys, live',
    tag: 'k8s',
    params: configParams,
    response: json(configItemsSchema),
  }),
  getConfigMap: endpoint({
    method: 'GET',
    path: `${k8sNs}/configmaps/:name`,
    access: asCaller('configmap:get'),
    summary: 'One config map with its data',
    tag: 'k8s',
    params: configNameParams,
    response: json(kubeObjectSchema),
  }),
  createConfigMap: endpoint({
    method: 'POST',
    path: `${placedNs}/configmaps`,
    access: asCaller('configmap:create'),
    summary: 'Create a config map from the full object',
    tag: 'k8s',
    params: namespacePathParams,
    body: configMapBody.safeExtend(placed),
    response: json(kubeObjectSchema),
  }),
  replaceConfigMap: endpoint({
    method: 'PUT',
    path: `${placedNs}/configmaps/:name`,
    access: asCaller('configmap:update'),
    summary: "Replace a config map's data, labels and annotations",
    tag: 'k8s',
    params: namedInNamespace,
    body: configMapBody.safeExtend(placed),
    response: json(kubeObjectSchema),
  }),
  deleteConfigMap: endpoint({
    method: 'DELETE',
    path: `${k8sNs}/configmaps/:name`,
    access: asCaller('configmap:delete'),
    summary: 'Delete a config map',
    tag: 'k8s',
    params: configNameParams,
    response: json(configItemSchema),
  }),
  listSecrets: endpoint({
    method: 'GET',
    path: `${k8sNs}/secrets`,
    access: asCaller('secret:list'),
    summary: 'Secrets of a namespace: type and data keys, never values',
    tag: 'k8s',
    params: configParams,
    response: json(configItemsSchema),
  }),
  getSecret: endpoint({
    method: 'GET',
    path: `${k8sNs}/secrets/:name`,
    access: asCaller('secret:get'),
    summary: 'One secret: type and data keys, never values',
    tag: 'k8s',
    params: configNameParams,
    response: json(configItemSchema),
  }),
  createSecret: endpoint({
    method: 'POST',
    path: `${placedNs}/secrets`,
    access: asCaller('secret:create'),
    summary: 'Create a secret from the full object (answered without its values)',
    tag: 'k8s',
    params: namespacePathParams,
    body: secretBody.safeExtend(placed),
    response: json(configItemSchema),
  }),
  replaceSecret: endpoint({
    method: 'PUT',
    path: `${placedNs}/secrets/:name`,
    access: asCaller('secret:update'),
    summary: "Replace a secret's data, labels and annotations (answered without its values)",
    tag: 'k8s',
    params: namedInNamespace,
    body: secretBody.safeExtend(placed),
    response: json(configItemSchema),
  }),
  updateSecretValues: endpoint({
    method: 'PATCH',
    path: `${k8sNs}/secrets/:name/values`,
    access: asCaller('secret:update'),
    summary: "Set and remove a secret's values by key, keeping the others (answered with its keys)",
    tag: 'k8s',
    params: configNameParams,
    body: secretValuesBody,
    response: json(configItemSchema),
  }),
  deleteSecret: endpoint({
    method: 'DELETE',
    path: `${k8sNs}/secrets/:name`,
    access: asCaller('secret:delete'),
    summary: 'Delete a secret',
    tag: 'k8s',
    params: configNameParams,
    response: json(configItemSchema),
  }),
  createRegistrySecret: endpoint({
    method: 'POST',
    path: `${placedNs}/registry/secrets`,
    access: asCaller('secret:create'),
    summary: 'Create an image-registry secret (kubernetes.io/dockerconfigjson) from its parts',
    tag: 'k8s',
    params: namespacePathParams,
    body: registrySecretBody.extend(placed),
    response: json(configItemSchema),
  }),
  createRegistryPullSecret: endpoint({
    method: 'POST',
    path: `${placedNs}/registry/pull-secrets`,
    access: {
      allow: 'authenticated' as const,
      note: "A registry of the cluster's organization the caller may read; then the member decides as the caller (secret:create).",
    },
    summary: "Create an image-registry secret from a registry's stored login (by registryId)",
    tag: 'k8s',
    params: namespacePathParams,
    body: registryPullSecretBody.extend(placed),
    response: json(configItemSchema),
  }),
} as const;
