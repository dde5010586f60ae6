import { z } from 'zod';
import { endpoint, json, raw } from '../endpoint.js';
import { locationPath, locationSchema } from '../schemas/common.js';
import {
  crdClustersSchema,
  crdListSchema,
  labelSummariesSchema,
  searchResultSchema,
} from '../schemas/crd.js';
import {
  clustersQuery,
  changesQuery,
  exportKindQuery,
  kindParams,
  listQuery,
  searchQuery,
} from '../schemas/crd-requests.js';
import { kubeObjectSchema } from '../schemas/kube.js';
import { namespaceDetailSchema } from '../schemas/namespaces.js';
import { dnsLabel } from '../schemas/namespace-requests.js';
import {
  annotationsBody,
  detailParams,
  detailQuery,
  labelsBody,
  labelsQuery,
} from '../schemas/resource-requests.js';

const crdAt = `/crd.{host}${locationPath}`;
const scoped = {
  allow: 'authenticated' as const,
  note: "Scoped by the handler to the caller's clusters and kinds.",
};
const asCaller = {
  allow: 'authenticated' as const,
  note: 'Then the member decides as the caller.',
};

/** The crd service: multi-cluster lists from the index, details read live as the caller. */
export const crdEndpoints = {
  listCrdClusters: endpoint({
    method: 'GET',
    path: '/crd.{host}/clusters',
    access: scoped,
    summary: "Clusters of the caller's organizations",
    tag: 'crd',
    query: clustersQuery,
    response: json(crdClustersSchema),
  }),
  listLabels: endpoint({
    method: 'GET',
    path: '/crd.{host}/labels',
    access: scoped,
    summary: 'Label keys and values in the index',
    tag: 'crd',
    query: labelsQuery,
    response: json(labelSummariesSchema),
  }),
  getNamespace: endpoint({
    method: 'GET',
    path: `${crdAt}/namespaces/:namespace`,
    access: asCaller,
    summary: 'Namespace detail',
    tag: 'crd',
    params: locationSchema.extend({ namespace: dnsLabel }),
    response: json(namespaceDetailSchema),
  }),
  getResource: endpoint({
    method: 'GET',
    path: `${crdAt}/resources/:kind/:name`,
    access: asCaller,
    summary: 'Any indexed object, live',
    tag: 'crd',
    params: locationSchema.extend(detailParams.shape),
    query: detailQuery,
    response: json(kubeObjectSchema),
  }),
  replaceAnnotations: endpoint({
    method: 'PUT',
    path: `${crdAt}/resources/annotations`,
    access: asCaller,
    summary: 'Replace annotations',
    tag: 'crd',
    params: locationSchema,
    body: annotationsBody,
    response: json(kubeObjectSchema),
  }),
  replaceLabels: endpoint({
    method: 'PUT',
    path: `${crdAt}/resources/labels`,
    access: asCaller,
    summary: 'Replace labels',
    tag: 'crd',
    params: locationSchema,
    body: labelsBody,
    response: json(kubeObjectSchema),
  }),
  search: endpoint({
    method: 'GET',
    path: '/crd.{host}/search',
    access: scoped,
    summary: 'Global resource search over the index',
    tag: 'crd',
    query: searchQuery,
    response: json(z.array(searchResultSchema)),
  }),
  watchChanges: endpoint({
    method: 'GET',
    path: '/crd.{host}/changes',
    access: scoped,
    summary: 'Follow changes of indexed kinds and admin lists',
    tag: 'crd',
    query: changesQuery,
    errors: ['rateLimited'],
    response: raw(
      'text/event-stream',
      "Server-sent events while the connection lasts: `ready` once the stream is open, then `changes` at most every 100 ms, its data `{changes: [{cluster, kind, namespace, name, type}]}` naming each object of the asked kinds (and clusters, namespaces) that the index wrote or removed and that the caller's list would show; `type` is `upsert`, `delete` or `relist` (a whole kind of a cluster was listed again: namespace and name are empty, so read the list again). A kind may also be one of the hub's admin lists (`hub.users`, `hub.groups`, `hub.roles`, `hub.clusters`, `hub.registries`): its notices are `relist` with cluster, namespace and name empty and `organization` the uid of the organization whose list changed, told to that organization's members (`hub.users` to its administrators) and to system administrators. A comment line every 25 s keeps proxies from closing an idle stream. A user holds at most 16 change streams at once (1006 beyond). The stream ends when the caller's access ends, at the streams' maximum lifetime, or when the replica stops; reconnect then and read the list again.",
    ),
  }),
  listKind: endpoint({
    method: 'GET',
    path: '/crd.{host}/:kind',
    access: scoped,
    summary: 'Indexed objects of one kind, all clusters',
    tag: 'crd',
    params: kindParams,
    query: listQuery,
    response: json(crdListSchema),
  }),
  exportKind: endpoint({
    method: 'GET',
    path: '/crd.{host}/:kind/export',
    access: scoped,
    summary: 'Export indexed objects of one kind as CSV',
    tag: 'crd',
    params: kindParams,
    query: exportKindQuery,
    response: raw(
      'text/csv',
      'Every object of the kind the list would show with the same filters and order, all pages, streamed as an attachment: CSV (RFC 4180, header row kind, name, namespace, cluster, region, vendor, created, labels, then the kind’s own list columns; cells a spreadsheet would run as formulas start with an apostrophe).',
    ),
  }),
} as const;
