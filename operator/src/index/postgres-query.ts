// List, search and label counts on the PostgreSQL index (postgres-store.ts). The caller's rights
// are the same WHERE condition as on SQLite (scope-clause.ts), numbered for PostgreSQL; substring
// filters are LIKE on lower-cased columns, which the pg_trgm GIN indexes answer
// (docs/decisions/index-on-postgres.md).
import type { SQLInputValue } from 'node:sqlite';
import type { ClusterScope } from '../access/caller-scope.js';
import { cursorKeyOf, decodeCursor, type CursorKey } from './cursor.js';
import { maxLabelKeys, maxValuesPerKey, type LabelQuery } from './label-query.js';
import { scopeClause } from './scope-clause.js';
import {
  clampLimit,
  columns,
  defaultLimit,
  fewTrigramMatches,
  minTrigram,
  narrowScope,
  parseLabel,
  sortColumns,
  type ListQuery,
  type SearchQuery,
} from './store-query.js';

export interface PgStatement {
  sql: string;
  params: unknown[];
}

export interface PgList extends PgStatement {
  limit: number;
  sortId: string;
  keyOf: (row: Record<string, unknown>) => CursorKey;
}

/** Parameters numbered as they are added: `$1`, `$2`, … */
class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  list(values: readonly unknown[]): string {
    return values.map((value) => this.add(value)).join(', ');
  }

  /** The caller's rights (scope-clause.ts writes `?` marks in the order of its values). */
  scope(scope: readonly ClusterScope[]): string | undefined {
    const added: SQLInputValue[] = [];
    const clause = scopeClause(scope, added);
    if (clause === undefined) return undefined;
    let next = 0;
    return clause.replace(/\?/g, () => this.add(added[next++]));
  }
}

/** A LIKE pattern matching `text` anywhere, lower-cased, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `Key:Val` is the pair (a jsonb containment the GIN index answers); `Key` any value. */
function labelCondition(params: Params, input: string): string | undefined {
  const label = parseLabel(input);
  if (!label) return undefined;
  if (label.value === '') return `jsonb_exists(o.labels, ${params.add(label.key)})`;
  return `o.labels @> ${params.add(JSON.stringify({ [label.key]: label.value }))}::jsonb`;
}

/**
 * The list's label and name conditions alone, counted up to `fewTrigramMatches` through their GIN
 * indexes, or undefined when it has none. The planner takes a containment or a `LIKE` for a
 * small share of the rows spread evenly, and walks the page order to find them; when they are
 * few and lie together far along that order (names and labels often go together), the walk reads
 * most of the index. Counted first, few matches are read through the GIN indexes and sorted.
 */
export function buildPgMatchCount(query: ListQuery): PgStatement | undefined {
  const params = new Params();
  const where: string[] = [];
  // What a GIN index answers: `Key:Val` pairs (a bare `Key` is no jsonb_path_ops question) and
  // names long enough for trigrams. Counted alone, they bound the list's matches from above.
  for (const label of query.labels ?? []) {
    if (parseLabel(label)?.value) where.push(labelCondition(params, label) ?? 'true');
  }
  const name = query.nameContains?.trim();
  if (name && name.length >= minTrigram) {
    where.push(`lower(o.name) LIKE ${params.add(containsPattern(name))}`);
  }
  if (where.length === 0) return undefined;
  return {
    sql: `SELECT count(*) AS n FROM (SELECT 1 FROM index_objects o WHERE ${where.join(' AND ')}
      LIMIT ${fewTrigramMatches}) matched`,
    params: params.values,
  };
}

/** `fewMatches`: buildPgMatchCount counted fewer than `fewTrigramMatches`. */
export function buildPgList(query: ListQuery, fewMatches = false): PgList | undefined {
  const sort = query.sort ?? 'name';
  const order = query.order ?? 'asc';
  const keyColumns = sortColumns[sort];
  const sortId = `${sort}.${order}`;
  // A malformed cursor is refused even when the caller may see nothing.
  const key = query.after ? decodeCursor(sortId, query.after, keyColumns) : undefined;
  const params = new Params();
  const scope = params.scope(narrowScope(query.scope, query.clusters));
  if (scope === undefined || query.kinds.length === 0) return undefined;
  const where = [scope, `o.kind IN (${params.list(query.kinds)})`];
  if (query.namespaces && query.namespaces.length > 0) {
    where.push(`o.namespace IN (${params.list(query.namespaces)})`);
  }
  for (const label of query.labels ?? []) {
    const condition = labelCondition(params, label);
    if (condition) where.push(condition);
  }
  const name = query.nameContains?.trim();
  if (name) where.push(`lower(o.name) LIKE ${params.add(containsPattern(name))}`);
  if (key) {
    const tuple = keyColumns.map((column) => `o.${column}`).join(', ');
    where.push(`(${tuple}) ${order === 'asc' ? '>' : '<'} (${params.list(key)})`);
  }
  const limit = clampLimit(query.limit, defaultLimit);
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = keyColumns.map((column) => `o.${column} ${direction}`).join(', ');
  const rows = `SELECT ${columns} FROM index_objects o WHERE ${where.join(' AND ')}`;
  return {
    // One extra row tells whether another page exists. Few matches are read whole and sorted
    // (MATERIALIZED keeps the planner from walking the page order instead).
    sql: `${fewMatches ? `WITH matched AS MATERIALIZED (${rows}) SELECT * FROM matched o` : rows}
      ORDER BY ${orderBy} LIMIT ${params.add(limit + 1)}`,
    params: params.values,
    limit,
    sortId,
    keyOf: (row) => cursorKeyOf(keyColumns, row),
  };
}

/**
 * Name, namespace or one label pair (`key:value`) contain the text, as SQLite's trigram search
 * matches them; a text too short for trigrams matches names only, as there.
 */
export function buildPgSearch(query: SearchQuery): PgStatement | undefined {
  const text = query.text.trim();
  const params = new Params();
  const scope = text === '' ? undefined : params.scope(query.scope);
  if (scope === undefined) return undefined;
  const where = [scope];
  if (query.kinds) {
    if (query.kinds.length === 0) return undefined;
    where.push(`o.kind IN (${params.list(query.kinds)})`);
  }
  const pattern = params.add(containsPattern(text));
  // label_text joins the pairs with spaces, which no pair holds: a text with a space would match
  // across two pairs, where SQLite matches each pair alone (schema.ts, label_pairs).
  const inLabels = text.includes(' ') ? '' : ` OR lower(o.label_text) LIKE ${pattern}`;
  where.push(
    text.length >= minTrigram
      ? `(lower(o.name) LIKE ${pattern} OR lower(o.namespace) LIKE ${pattern}${inLabels})`
      : `lower(o.name) LIKE ${pattern}`,
  );
  const limit = params.add(clampLimit(query.limit, 200));
  return {
    sql: `SELECT ${columns} FROM index_objects o WHERE ${where.join(' AND ')}
      ORDER BY o.cluster, o.kind, o.namespace, o.name LIMIT ${limit}`,
    params: params.values,
  };
}

/** label-query.ts's counts: top keys by objects carrying them, top values per key. */
export function buildPgLabelQuery(query: LabelQuery): PgStatement | undefined {
  const params = new Params();
  const scope = params.scope(
    query.clusters?.length
      ? query.scope.filter((entry) => query.clusters?.includes(entry.cluster))
      : query.scope,
  );
  if (scope === undefined) return undefined;
  const where = [scope];
  if (query.namespaces?.length) where.push(`o.namespace IN (${params.list(query.namespaces)})`);
  if (query.kinds?.length) where.push(`o.kind IN (${params.list(query.kinds)})`);
  const search = query.search?.trim();
  if (search) {
    const at = search.indexOf(':');
    const [key, value, join] =
      at < 0
        ? [search, search, 'OR']
        : [search.slice(0, at).trim(), search.slice(at + 1).trim(), 'AND'];
    where.push(
      `(strpos(lower(l.key), lower(${params.add(key)})) > 0 ${join}
        strpos(lower(l.value), lower(${params.add(value)})) > 0)`,
    );
  }
  // COLLATE "C": keys and values sort by their bytes, as on SQLite.
  return {
    sql: `
    WITH pairs AS (
      SELECT l.key COLLATE "C" AS key, l.value COLLATE "C" AS value, count(*) AS n
      FROM index_objects o CROSS JOIN LATERAL jsonb_each_text(o.labels) AS l(key, value)
      WHERE ${where.join(' AND ')}
      GROUP BY 1, 2),
    top_keys AS (
      SELECT key, sum(n) AS total FROM pairs GROUP BY key ORDER BY total DESC, key
      LIMIT ${params.add(maxLabelKeys)}),
    ranked AS (
      SELECT p.key, p.value, p.n,
        row_number() OVER (PARTITION BY p.key ORDER BY p.n DESC, p.value) AS rank
      FROM pairs p JOIN top_keys t ON t.key = p.key)
    SELECT key, value, n FROM ranked WHERE rank <= ${params.add(maxValuesPerKey)}
    ORDER BY key, rank`,
    params: params.values,
  };
}
