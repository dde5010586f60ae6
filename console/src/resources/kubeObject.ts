import type { ResponseFor, Topology } from '@nimbus/api';

/** A Kubernetes object as the operator returns it (index lists trim it; detail is live). */
export interface KubeMetadata {
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: { kind?: string; name?: string }[];
  [key: string]: unknown;
}

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: KubeMetadata;
  [key: string]: unknown;
}

/** An index list item: the trimmed object plus where it lives. */
export type ListedObject = KubeObject & Topology;

/** One keyset page of an index list (GET /crd.{host}/:kind), read as the objects above. */
export type ListedPage = Omit<ResponseFor<'listKind'>, 'items'> & { items: ListedObject[] };

export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
