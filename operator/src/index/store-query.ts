// SQL for list and search. The caller's rights (clusters and, per cluster, namespaces) become
// part of the WHERE clause, so every page is cut after filtering, never before.
import type { SQLInputValue } from 'node:sqlite';
import { cursorKeyOf, decodeCursor, type CursorKey } from './cursor.js';
import type { ClusterScope } from '../access/caller-scope.js';
import { scopeClause } from './scope-clause.js';

export type SortField = 'name' | 'created';

export interface ListQuery {
  /** The caller's rights (scope-clause.ts): per cluster, the kinds they may list. */
  scope: readonly ClusterScope[];
  kinds: readonly string[];
  /** Filters chosen by the caller, narrowing `scope`. */
  clusters?: readonly string[];
  namespaces?: readonly string[];
  /** `Key:Val` (split at the first ':' and trimmed); `Key` or `Key:` matches any value. */
  labels?: readonly string[];
  nameContains?: string;
  sort?: SortField;
  order?: 'asc' | 'desc';
  limit?: number;
  after?: string;
}

export interface SearchQuery {
  text: string;
  scope: readonly ClusterScope[];
  kinds?: readonly string[];
  limit?: number;
}

export const defaultLimit = 50;
export const maxLimit = 500;
export const minTrigram = 3;

interface Where {
  clauses: string[];
  params: SQLInputValue[];
}

/**
 * The keyset of each sort: its columns, then what makes a row unique. Creation time is tied by
 * the row's number, not its cluster, kind and uid: objects created in one second (a Deployment
 * scaled up, a Helm install) are then written at the end of their second's part of the index,
 * and the index is a third the size. Keyed by uid, each row went to a random page: at a million
 * objects its inserts were the store's growing cost (docs/index.md, "Schema and search").
 */
export const sortColumns: Record<SortField, readonly string[]> = {
  name: ['name', 'namespace', 'cluster', 'kind', 'uid'],
  created: ['created', 'id'],
};

/** What list and search read of a row (IndexedObject's fields, and the row's number for cursors). */
export const columns =
  'o.id, o.cluster, o.kind, o.namespace, o.name, o.uid, o.resource_version, o.labels, o.created, o.updated, o.object';

export interface BuiltList {
  sql: string;
  params: SQLInputValue[];
  limit: number;
  sortId: string;
  keyOf: (row: Record<string, unknown>) => CursorKey;
}

/**
 * A substring looked up in the names' trigram table: `match` is its phrase; `narrowed`, for a long
 * printable-ASCII text, the phrase of its last characters and the text to check on the rows that
 * phrase finds (see `narrowedPiece`).
 */
export interface TrigramMatch {
  match: string;
  narrowed?: { piece: string; text: string };
}

/** The characters a long text is first matched by: four trigrams. */
export const narrowingPieceLength = 6;

/**
 * The last characters of a long search text, which FTS5 finds from short doclists where the whole
 * phrase reads every one of its trigrams': the start of a name is shared by every object of a
 * kind or workload (`bench-pod-`, `web-7d4b9c-`), its end is the random or numbered part. The
 * phrase of "bench-pod-106050" took 7 ms at a million objects, "106050" alone 0.2 ms
 * (docs/index.md, "Schema and search"). Only for printable ASCII: the rows' names are then checked
 * with SQLite's `lower` and `instr`, which fold ASCII only, as the trigram tokenizer folds it;
 * names are ASCII by Kubernetes' own rules.
 */
export function narrowedPiece(text: string): string | undefined {
  if (text.length < narrowingPieceLength + minTrigram || !/^[\x20-\x7e]*$/.test(text)) {
    return undefined;
  }
  return text.slice(-narrowingPieceLength);
}

function trigramMatch(text: string): TrigramMatch {
  const piece = narrowedPiece(text);
  return {
    match: phrase(text),
    ...(piece ? { narrowed: { piece: phrase(piece), text: text.toLowerCase() } } : {}),
  };
}

/** The trigram match of a list's name filter, or undefined when it is too short for trigrams. */
export function nameMatch(nameContains: string | undefined): TrigramMatch | undefined {
  const text = nameContains?.trim() ?? '';
  return text.length >= minTrigram ? trigramMatch(text) : undefined;
}

type Label = { key: string; value: string };

/**
 * The exact `Key:Val` filter whose pairs a list by name of one kind walks in page order
 * (`object_labels`, whose key is the name keyset after kind, key and value): the page ends after
 * its last row wherever the matches lie. undefined when the list is ordered otherwise, spans
 * kinds, or filters no exact pair.
 */
export function orderedLabel(query: ListQuery): Label | undefined {
  if ((query.sort ?? 'name') !== 'name' || query.kinds.length !== 1) return undefined;
  return (query.labels ?? []).map(parseLabel).find((label) => label !== undefined && label.value);
}

/** The first label filter, whose pairs bound the matches of a list orderedLabel cannot walk. */
export function firstLabel(query: ListQuery): Label | undefined {
  return (query.labels ?? []).map(parseLabel).find((label) => label !== undefined);
}

/** The pairs of `label` among the list's kinds: `kind IN (…) AND key = ? [AND value = ?]`. */
function pairsOf(query: ListQuery, label: Label, params: SQLInputValue[]): string {
  params.push(...query.kinds, label.key);
  const kinds = `kind IN (${marks(query.kinds)}) AND key = ?`;
  if (label.value === '') return kinds;
  params.push(label.value);
  return `${kinds} AND value = ?`;
}

/** The objects with `label`, counted up to `fewTrigramMatches` (an index range, under 1 ms). */
export function buildLabelCount(
  query: ListQuery,
  label: Label,
): { sql: string; params: SQLInputValue[] } {
  const params: SQLInputValue[] = [];
  const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM object_labels WHERE ${pairsOf(query, label, params)}
    LIMIT ${fewTrigramMatches})`;
  return { sql, params };
}

/** What the store counted before building a list, each below `fewTrigramMatches`. */
export interface ListPlan {
  /**
   * The ids of the rows the name filter's trigram MATCH found, when they are few (a JSON array,
   * collected as they were counted): the page starts from them, as search does.
   */
  nameMatchIds?: string;
  /** firstLabel has few pairs (when orderedLabel has none): the page starts from them. */
  fewLabelMatches?: boolean;
}

/**
 * A page of a list. Its rows come, in this order of preference, from the few rows a name filter
 * matches, from the walk of an ordered label's pairs, from the few pairs of the first label, or
 * from the walk of the sort's index; every filter is checked exactly on each row.
 */
export function buildList(query: ListQuery, plan: ListPlan = {}): BuiltList | undefined {
  const sort = query.sort ?? 'name';
  const order = query.order ?? 'asc';
  const keyColumns = sortColumns[sort];
  const sortId = `${sort}.${order}`;
  // A malformed cursor is refused even when the caller may see nothing.
  const key = query.after ? decodeCursor(sortId, query.after, keyColumns) : undefined;
  const scope = narrowScope(query.scope, query.clusters);
  if (scope.length === 0 || query.kinds.length === 0) return undefined;
  // The store passes ids only when the name filter had a trigram match (store.ts list).
  const fewNames = plan.nameMatchIds !== undefined;
  const walked = fewNames ? undefined : orderedLabel(query);
  // The walked pairs carry the keyset columns: scope, namespaces and cursor are checked there,
  // before the object's row is read.
  const at = walked ? 'l' : 'o';
  const where: Where = { clauses: [], params: [] };
  let from = 'objects o';
  const fromParams: SQLInputValue[] = [];
  if (plan.nameMatchIds !== undefined) {
    from = 'json_each(?) m CROSS JOIN objects o ON o.id = m.value';
    fromParams.push(plan.nameMatchIds);
  } else if (walked) {
    from = 'object_labels l CROSS JOIN objects o ON o.id = l.id';
    where.clauses.push('l.kind = ? AND l.key = ? AND l.value = ?');
    where.params.push(query.kinds[0] as string, walked.key, walked.value);
  } else {
    const first = firstLabel(query);
    if (first && plan.fewLabelMatches) {
      from = `(SELECT id FROM object_labels WHERE ${pairsOf(query, first, fromParams)}) m
        CROSS JOIN objects o ON o.id = m.id`;
    }
  }
  const scoped = scopeClause(scope, where.params, at);
  if (scoped === undefined) return undefined;
  where.clauses.push(scoped);
  addIn(where, `${at}.kind`, query.kinds);
  if (query.namespaces && query.namespaces.length > 0) {
    addIn(where, `${at}.namespace`, query.namespaces);
  }
  for (const label of query.labels ?? []) {
    addLabel(where, label);
  }
  if (!fewNames && query.nameContains?.trim()) {
    addNameContains(where, query.nameContains.trim());
  }
  if (key) {
    const tuple = keyColumns.map((column) => `${at}.${column}`).join(', ');
    const marks = keyColumns.map(() => '?').join(', ');
    where.clauses.push(`(${tuple}) ${order === 'asc' ? '>' : '<'} (${marks})`);
    where.params.push(...key);
  }
  const limit = clampLimit(query.limit, defaultLimit);
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = keyColumns.map((column) => `${at}.${column} ${direction}`).join(', ');
  return {
    sql: `SELECT ${columns} FROM ${from} WHERE ${where.clauses.join(' AND ')}
      ORDER BY ${orderBy} LIMIT ?`,
    // One extra row tells whether another page exists.
    params: [...fromParams, ...where.params, limit + 1],
    limit,
    sortId,
    keyOf: (row) => cursorKeyOf(keyColumns, row),
  };
}

/**
 * The clusters with rows in `objects` or a recorded uid in `clusters`: one index lookup per
 * cluster (the next name after the last), not a scan of every row. The same on both stores.
 */
export const indexedClustersSql = (objects: string, clusters: string): string => `
  WITH RECURSIVE named(cluster) AS (
    SELECT min(cluster) FROM ${objects}
    UNION ALL
    SELECT (SELECT min(cluster) FROM ${objects} WHERE cluster > named.cluster) FROM named
    WHERE named.cluster IS NOT NULL)
  SELECT cluster FROM named WHERE cluster IS NOT NULL
  UNION SELECT cluster FROM ${clusters} ORDER BY cluster`;

/** Below this many trigram matches a search starts from them (buildSearch's `matchIds`). */
export const fewTrigramMatches = 5_000;

/** The trigram match of a search text, or undefined when it is too short for trigrams. */
export function searchMatch(text: string): TrigramMatch | undefined {
  const trimmed = text.trim();
  return trimmed.length >= minTrigram ? trigramMatch(trimmed) : undefined;
}

/**
 * The kinds a search reads: those its scope allows anywhere, narrowed to the asked ones. The
 * label pairs it matched are looked up per kind among them (`object_labels` is keyed by kind).
 */
export function searchKinds(query: SearchQuery): string[] {
  const allowed = new Set(query.scope.flatMap((entry) => entry.kinds));
  return [...allowed].filter((kind) => !query.kinds || query.kinds.includes(kind)).sort();
}

/**
 * The rows whose labels hold a pair the text is in: the pairs' own trigram table, then each pair's
 * rows of the given kinds (`?` a JSON array of kinds, then the phrase).
 */
export const labelPairRowIds = `SELECT l.id FROM label_pairs_fts f
  CROSS JOIN label_pairs p ON p.id = f.rowid
  CROSS JOIN json_each(?) k
  CROSS JOIN object_labels l ON l.kind = k.value AND l.key = p.key AND l.value = p.value
  WHERE label_pairs_fts MATCH ?`;

/**
 * A search: objects whose name, namespace or one label pair (`key:value`) holds the text, as the
 * trigram tables match them (`match`, the text's searchMatch); a text too short for trigrams
 * (no `match`) matches names only.
 * `matchIds`: the ids of the rows those matched, when fewer than `fewTrigramMatches` (a JSON
 * array the store collected as it counted them). Then those rows are read first and only they are
 * sorted, without matching again (half a search's time at a million objects: docs/index.md,
 * "Schema and search"); otherwise every row in the caller's scope is checked against the
 * matches, which is cheaper when most of them match.
 */
export function buildSearch(
  query: SearchQuery,
  match: TrigramMatch | undefined,
  matchIds?: string,
): { sql: string; params: SQLInputValue[] } | undefined {
  const text = query.text.trim();
  const where: Where = { clauses: [], params: [] };
  if (text === '' || !addScope(where, query.scope)) {
    return undefined;
  }
  if (query.kinds) {
    if (query.kinds.length === 0) {
      return undefined;
    }
    addIn(where, 'o.kind', query.kinds);
  }
  // The order of objects_scope (a kind's names are unique per namespace): with many matches
  // SQLite walks that index and stops at the limit instead of sorting every match.
  const order = 'ORDER BY o.cluster, o.kind, o.namespace, o.name LIMIT ?';
  const limit = clampLimit(query.limit, 200);
  if (match && matchIds !== undefined) {
    // CROSS JOIN keeps SQLite from starting at the scope's index and probing every row of it.
    return {
      sql: `SELECT ${columns} FROM json_each(?) m CROSS JOIN objects o ON o.id = m.value
        WHERE ${where.clauses.join(' AND ')} ${order}`,
      params: [matchIds, ...where.params, limit],
    };
  }
  if (match) {
    where.clauses.push(`(o.id IN (SELECT rowid FROM objects_fts WHERE objects_fts MATCH ?)
      OR instr(lower(o.namespace), lower(?)) > 0 OR o.id IN (${labelPairRowIds}))`);
    where.params.push(match.match, text, JSON.stringify(searchKinds(query)), match.match);
  } else {
    // Too short for trigrams: substring of the name only.
    where.clauses.push('instr(lower(o.name), lower(?)) > 0');
    where.params.push(text);
  }
  return {
    sql: `SELECT ${columns} FROM objects o WHERE ${where.clauses.join(' AND ')} ${order}`,
    params: [...where.params, limit],
  };
}

/** Splits `Key:Val` at the first ':' and trims both; undefined for empty input. */
export function parseLabel(input: string): { key: string; value: string } | undefined {
  const at = input.indexOf(':');
  const key = (at < 0 ? input : input.slice(0, at)).trim();
  const value = at < 0 ? '' : input.slice(at + 1).trim();
  return key === '' ? undefined : { key, value };
}

export function narrowScope(scope: readonly ClusterScope[], clusters?: readonly string[]) {
  return clusters ? scope.filter((entry) => clusters.includes(entry.cluster)) : scope;
}

function addScope(where: Where, scope: readonly ClusterScope[]): boolean {
  const clause = scopeClause(scope, where.params);
  if (clause === undefined) return false;
  where.clauses.push(clause);
  return true;
}

function addIn(where: Where, column: string, values: readonly string[]): void {
  where.clauses.push(`${column} IN (${marks(values)})`);
  where.params.push(...values);
}

/** The label's exact check on the object's row (the row's own JSON, not the trigram table). */
function addLabel(where: Where, input: string): void {
  const label = parseLabel(input);
  if (!label) {
    return;
  }
  if (label.value === '') {
    where.clauses.push('EXISTS (SELECT 1 FROM json_each(o.labels) j WHERE j.key = ?)');
    where.params.push(label.key);
  } else {
    where.clauses.push(
      'EXISTS (SELECT 1 FROM json_each(o.labels) j WHERE j.key = ? AND j.value = ?)',
    );
    where.params.push(label.key, label.value);
  }
}

function addNameContains(where: Where, text: string): void {
  if (text.length >= minTrigram) {
    where.clauses.push('o.id IN (SELECT rowid FROM objects_fts WHERE objects_fts MATCH ?)');
    where.params.push(phrase(text));
  } else {
    where.clauses.push('instr(lower(o.name), lower(?)) > 0');
    where.params.push(text);
  }
}

/** An FTS5 string literal: the text matched as-is, whatever operators it contains. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function marks(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

export function clampLimit(limit: number | undefined, fallback: number): number {
  if (limit === undefined || !Number.isFinite(limit)) {
    return fallback;
  }
  return Math.min(Math.max(Math.trunc(limit), 1), maxLimit);
}
