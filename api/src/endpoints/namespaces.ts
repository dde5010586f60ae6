import { z } from 'zod';
import { endpoint, json } from '../endpoint.js';
import { locationPath, locationSchema } from '../schemas/common.js';
import { kubeObjectSchema } from '../schemas/kube.js';
import {
  createNamespaceBody,
  dnsLabel,
  limitRangeBody,
  quotaBody,
} from '../schemas/namespace-requests.js';
import {
  namespaceDetailSchema,
  namespaceItemSchema,
  namespaceItemsSchema,
} from '../schemas/namespaces.js';

const k8sAt = `/k8s.{host}${locationPath}`;
const k8sNs = '/k8s.{host}/namespaces/:namespace';
const asCaller = {
  allow: 'authenticated' as const,
  note: 'Then the member decides as the caller.',
};
/** Calls whose path names no cluster: vendor, region and cluster in the body or X-Nimbus-* headers. */
const placed = locationSchema.partial();

export const namespaceEndpoints = {
  listNamespaces: endpoint({
    method: 'GET',
    path: `${k8sAt}/namespaces`,
    access: asCaller,
    summary: 'Namespaces of a cluster, live',
    tag: 'k8s',
    params: locationSchema,
    response: json(namespaceItemsSchema),
  }),
  deleteNamespace: endpoint({
    method: 'DELETE',
    path: `${k8sAt}/namespaces/:name`,
    access: asCaller,
    summary: 'Delete a namespace',
    tag: 'k8s',
    params: locationSchema.extend({ name: dnsLabel }),
    response: json(namespaceItemSchema),
  }),
  createNamespace: endpoint({
    method: 'POST',
    path: '/k8s.{host}/namespaces',
    access: asCaller,
    summary: 'Create a namespace',
    tag: 'k8s',
    body: createNamespaceBody.extend(placed.shape),
    response: json(namespaceDetailSchema),
  }),
  createResourceQuota: endpoint({
    method: 'POST',
    path: `${k8sNs}/resourcequotas`,
    access: asCaller,
    summary: 'Create a resource quota',
    tag: 'k8s',
    params: namespaceParams(),
    body: quotaBody.extend(placed.shape),
    response: json(kubeObjectSchema),
  }),
  replaceResourceQuota: endpoint({
    method: 'PUT',
    path: `${k8sNs}/resourcequotas/:name`,
    access: asCaller,
    summary: 'Change a resource quota',
    tag: 'k8s',
    params: namespaceParams().extend({ name: dnsLabel }),
    body: quotaBody.extend(placed.shape),
    response: json(kubeObjectSchema),
  }),
  createLimitRange: endpoint({
    method: 'POST',
    path: `${k8sNs}/limitranges`,
    access: asCaller,
    summary: 'Create a limit range',
    tag: 'k8s',
    params: namespaceParams(),
    body: limitRangeBody.extend(placed.shape),
    response: json(kubeObjectSchema),
  }),
  replaceLimitRange: endpoint({
    method: 'PUT',
    path: `${k8sNs}/limitranges/:name`,
    access: asCaller,
    summary: 'Change a limit range',
    tag: 'k8s',
    params: namespaceParams().extend({ name: dnsLabel }),
    body: limitRangeBody.extend(placed.shape),
    response: json(kubeObjectSchema),
  }),
} as const;

function namespaceParams() {
  return z.object({ namespace: dnsLabel });
}
