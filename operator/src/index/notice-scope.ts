// The caller's rights over one change notice, as scope-clause.ts states them for list rows: a
// notice is told only to a caller whose list would show the object it names.
import type { ClusterScope } from '../access/caller-scope.js';
import type { IndexNotice } from './change-feed.js';

export type NoticeFilter = (notice: IndexNotice) => boolean;

function entryShows(entry: ClusterScope, notice: IndexNotice): boolean {
  if (!entry.kinds.includes(notice.kind)) return false;
  const namespaces = entry.namespaces;
  if (namespaces === undefined) return true;
  if (namespaces.length === 0) return false;
  // A kind listed again names no object: whoever may list the kind anywhere there reads again.
  if (notice.type === 'relist') return true;
  if (namespaces.includes(notice.namespace)) return true;
  return (
    notice.kind === 'namespaces' && notice.namespace === '' && namespaces.includes(notice.name)
  );
}

/** Whether the caller with this index scope may hear of `notice`. */
export function noticeScope(scope: readonly ClusterScope[]): NoticeFilter {
  const byCluster = new Map<string, ClusterScope[]>();
  for (const entry of scope) {
    const entries = byCluster.get(entry.cluster) ?? [];
    entries.push(entry);
    byCluster.set(entry.cluster, entries);
  }
  return (notice) => (byCluster.get(notice.cluster) ?? []).some((e) => entryShows(e, notice));
}

/** The notices a stream asked for: its kinds, and its clusters and namespaces when given. */
export function noticeQuery(query: {
  kind: readonly string[];
  cluster: readonly string[];
  namespace: readonly string[];
}): NoticeFilter {
  const kinds = new Set(query.kind);
  const clusters = new Set(query.cluster);
  const namespaces = new Set(query.namespace);
  return (notice) =>
    kinds.has(notice.kind) &&
    (clusters.size === 0 || clusters.has(notice.cluster)) &&
    (namespaces.size === 0 || notice.namespace === '' || namespaces.has(notice.namespace));
}
