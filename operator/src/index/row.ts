// One indexed object as both stores write it: the trimmed copy and the columns list, search and
// the cost job read without parsing it (SQLite in store.ts, PostgreSQL in postgres-store.ts).
import { indexedCopy, type KubeObject } from './trim.js';

/**
 * What names an indexed object: its namespace ('' for a cluster-scoped kind) and name, which key
 * its row on SQLite (schema.ts), and its uid, so that the removal of an earlier object of that
 * name leaves a later one.
 */
export interface ObjectKey {
  namespace: string;
  name: string;
  uid: string;
}

export interface IndexRow extends ObjectKey {
  cluster: string;
  kind: string;
  rv: string;
  /** The labels as JSON. */
  labels: string;
  /** `key:value` pairs joined by spaces: what search and label filters match substrings of. */
  labelText: string;
  created: string;
  updated: number;
  phase: string | null;
  nodeName: string | null;
  /** The trimmed object as JSON. */
  object: string;
}

/** The row of `raw`, trimmed as the index keeps it; undefined without a uid or name (not indexed). */
export function indexRow(
  cluster: string,
  kind: string,
  raw: KubeObject,
  updated: number,
): IndexRow | undefined {
  const object = indexedCopy(kind, raw);
  const meta = object.metadata ?? {};
  if (!meta.uid || !meta.name) {
    return undefined;
  }
  const labels = meta.labels ?? {};
  const status = object.status as { phase?: unknown } | undefined;
  const spec = object.spec as { nodeName?: unknown } | undefined;
  return {
    cluster,
    kind,
    uid: meta.uid,
    namespace: meta.namespace ?? '',
    name: meta.name,
    rv: meta.resourceVersion ?? '',
    labels: JSON.stringify(labels),
    labelText: Object.entries(labels)
      .map(([key, value]) => `${key}:${value}`)
      .join(' '),
    created: meta.creationTimestamp ?? '',
    updated,
    phase: typeof status?.phase === 'string' ? status.phase : null,
    nodeName: typeof spec?.nodeName === 'string' ? spec.nodeName : null,
    object: JSON.stringify(object),
  };
}
