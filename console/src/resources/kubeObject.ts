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

/** The value at `path` inside `value`, or undefined when any step is missing. */
export function valueAt(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

export const textAt = (value: unknown, ...path: (string | number)[]): string | undefined => {
  const found = valueAt(value, ...path);
  return typeof found === 'string' || typeof found === 'number' || typeof found === 'boolean'
    ? String(found)
    : undefined;
};

export const arrayAt = (value: unknown, ...path: (string | number)[]): unknown[] => {
  const found = valueAt(value, ...path);
  return Array.isArray(found) ? found : [];
};

export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';
