// The caller's rights as one SQL condition, shared by list, search and label counts: per
// cluster, the kinds the caller may list there and, optionally, the namespaces they are limited to.
import type { SQLInputValue } from 'node:sqlite';
import type { ClusterScope } from '../access/caller-scope.js';

const marks = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/**
 * `(cluster, kind)` pairs as a WHERE condition, or undefined when the scope allows nothing.
 * Whole clusters with the same kinds share one `cluster IN (…) AND kind IN (…)` term, so the
 * usual caller (the same role everywhere) costs one term however many clusters they see.
 * A namespace-limited entry sees objects in those namespaces and the Namespace objects of those
 * names (when it may list namespaces), no other cluster-scoped object. `t` is the alias whose
 * cluster, kind, namespace and name columns are checked.
 */
export function scopeClause(
  scope: readonly ClusterScope[],
  params: SQLInputValue[],
  t = 'o',
): string | undefined {
  const parts: string[] = [];
  const wholeByKinds = new Map<string, { kinds: string[]; clusters: string[] }>();
  for (const entry of scope) {
    if (entry.kinds.length === 0 || entry.namespaces !== undefined) continue;
    const kinds = [...new Set(entry.kinds)].sort();
    const key = kinds.join(',');
    const group = wholeByKinds.get(key) ?? { kinds, clusters: [] };
    group.clusters.push(entry.cluster);
    wholeByKinds.set(key, group);
  }
  for (const { kinds, clusters } of wholeByKinds.values()) {
    parts.push(`(${t}.cluster IN (${marks(clusters)}) AND ${t}.kind IN (${marks(kinds)}))`);
    params.push(...clusters, ...kinds);
  }
  for (const entry of scope) {
    const namespaces = entry.namespaces;
    if (namespaces === undefined || namespaces.length === 0 || entry.kinds.length === 0) continue;
    parts.push(
      `(${t}.cluster = ? AND ${t}.kind IN (${marks(entry.kinds)}) AND (${t}.namespace IN (${marks(namespaces)})
        OR (${t}.kind = 'namespaces' AND ${t}.namespace = '' AND ${t}.name IN (${marks(namespaces)}))))`,
    );
    params.push(entry.cluster, ...entry.kinds, ...namespaces, ...namespaces);
  }
  return parts.length > 0 ? `(${parts.join(' OR ')})` : undefined;
}
