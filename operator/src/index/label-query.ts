// Label keys and their values across the caller's part of the index, counted in SQL from the
// label pairs: only the top keys and values leave SQLite, however many objects carry them.
import type { SQLInputValue } from 'node:sqlite';
import type { ClusterScope } from '../access/caller-scope.js';
import { scopeClause } from './scope-clause.js';

export interface LabelQuery {
  scope: readonly ClusterScope[];
  clusters?: readonly string[];
  namespaces?: readonly string[];
  kinds?: readonly string[];
  /** Substring of the key or value; `Key:Val` narrows key and value separately. */
  search?: string;
}

export interface LabelSummary {
  key: string;
  values: Array<{ value: string; count: number }>;
}

export const maxLabelKeys = 200;
export const maxValuesPerKey = 50;

const marks = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

function searchClause(search: string, params: SQLInputValue[]): string {
  const at = search.indexOf(':');
  if (at < 0) {
    params.push(search, search);
    return '(instr(lower(l.key), lower(?)) > 0 OR instr(lower(l.value), lower(?)) > 0)';
  }
  params.push(search.slice(0, at).trim(), search.slice(at + 1).trim());
  return '(instr(lower(l.key), lower(?)) > 0 AND instr(lower(l.value), lower(?)) > 0)';
}

export function buildLabelQuery(
  query: LabelQuery,
): { sql: string; params: SQLInputValue[] } | undefined {
  const params: SQLInputValue[] = [];
  const scope = query.clusters?.length
    ? query.scope.filter((entry) => query.clusters?.includes(entry.cluster))
    : query.scope;
  // The label pairs carry the columns the rights and filters check (schema.ts object_labels): the
  // counts read that index alone, never the objects' rows and their JSON.
  const where = [scopeClause(scope, params, 'l')];
  if (where[0] === undefined) return undefined;
  for (const [column, values] of [
    ['l.namespace', query.namespaces],
    ['l.kind', query.kinds],
  ] as const) {
    if (values && values.length > 0) {
      where.push(`${column} IN (${marks(values)})`);
      params.push(...values);
    }
  }
  if (query.search?.trim()) where.push(searchClause(query.search.trim(), params));
  const sql = `
    WITH pairs AS (
      SELECT l.key AS key, l.value AS value, count(*) AS n
      FROM object_labels l
      WHERE ${where.join(' AND ')}
      GROUP BY l.key, l.value),
    top_keys AS (
      SELECT key, sum(n) AS total FROM pairs GROUP BY key ORDER BY total DESC, key LIMIT ?),
    ranked AS (
      SELECT p.key, p.value, p.n,
        row_number() OVER (PARTITION BY p.key ORDER BY p.n DESC, p.value) AS rank
      FROM pairs p JOIN top_keys t ON t.key = p.key)
    SELECT key, value, n FROM ranked WHERE rank <= ? ORDER BY key, rank`;
  params.push(maxLabelKeys, maxValuesPerKey);
  return { sql, params };
}

/** Rows of buildLabelQuery, grouped by key (rows arrive ordered by key). */
export function groupLabels(rows: ReadonlyArray<Record<string, unknown>>): LabelSummary[] {
  const out: LabelSummary[] = [];
  for (const row of rows) {
    const key = String(row.key);
    let entry = out.at(-1);
    if (entry?.key !== key) {
      entry = { key, values: [] };
      out.push(entry);
    }
    entry.values.push({ value: String(row.value), count: Number(row.n) });
  }
  return out;
}
