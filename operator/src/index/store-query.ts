// SQL for list and search. The caller's rights (clusters and, per cluster, namespaces) become
// part of the WHERE clause, so every page is cut after filtering, never before.
import type { SQLInputValue } from 'node:sqlite';
import { decodeCursor, type CursorKey } from './cursor.js';
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

/** The keyset of each sort: its columns, then what makes a row unique. */
export const sortColumns: Record<SortField, readonly string[]> = {
  name: ['name', 'namespace', 'cluster', 'kind', 'uid'],
  created: ['created', 'cluster', 'kind', 'uid'],
};

/** What list and search read of a row (IndexedObject's fields). */
export const columns =
  'o.cluster, o.kind, o.namespace, o.name, o.uid, o.resource_version, o.labels, o.created, o.updated, o.object';

export interface BuiltList {
  sql: string;
  params: SQLInputValue[];
  limit: number;
  sortId: string;
  keyOf: (row: Record<string, unknown>) => CursorKey;
}

/** undefined when the query can match nothing (no scope, no kinds). */
/** The trigram MATCH of a list's name filter, or undefined when it is too short for trigrams. */
export function nameMatch(nameContains: string | undefined): string | undefined {
  const text = nameContains?.trim() ?? '';
  return text.length >= minTrigram ? `name : ${phrase(text)}` : undefined;
}

/**
 * `fewNameMatches`: the name filter's trigram MATCH found fewer than `fewTrigramMatches` rows
 * (the caller counted them); then the page starts from those rows, as search does.
 */
export function buildList(query: ListQuery, fewNameMatches = false): BuiltList | undefined {
  const sort = query.sort ?? 'name';
  const order = query.order ?? 'asc';
  const keyColumns = sortColumns[sort];
  const sortId = `${sort}.${order}`;
  // A malformed cursor is refused even when the caller may see nothing.
  const key = query.after ? decodeCursor(sortId, query.after, keyColumns.length) : undefined;
  const where: Where = { clauses: [], params: [] };
  if (!addScope(where, narrowScope(query.scope, query.clusters)) || query.kinds.length === 0) {
    return undefined;
  }
  addIn(where, 'o.kind', query.kinds);
  if (query.namespaces && query.namespaces.length > 0) {
    addIn(where, 'o.namespace', query.namespaces);
  }
  for (const label of query.labels ?? []) {
    addLabel(where, label);
  }
  let from = 'objects o';
  const fromParams: SQLInputValue[] = [];
  const match = nameMatch(query.nameContains);
  if (match && fewNameMatches) {
    from = `(SELECT rowid AS id FROM objects_fts WHERE objects_fts MATCH ?) m
      CROSS JOIN objects o ON o.id = m.id`;
    fromParams.push(match);
  } else if (query.nameContains?.trim()) {
    addNameContains(where, query.nameContains.trim());
  }
  if (key) {
    const tuple = keyColumns.map((column) => `o.${column}`).join(', ');
    const marks = keyColumns.map(() => '?').join(', ');
    where.clauses.push(`(${tuple}) ${order === 'asc' ? '>' : '<'} (${marks})`);
    where.params.push(...key);
  }
  const limit = clampLimit(query.limit, defaultLimit);
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = keyColumns.map((column) => `o.${column} ${direction}`).join(', ');
  return {
    sql: `SELECT ${columns} FROM ${from} WHERE ${where.clauses.join(' AND ')}
      ORDER BY ${orderBy} LIMIT ?`,
    // One extra row tells whether another page exists.
    params: [...fromParams, ...where.params, limit + 1],
    limit,
    sortId,
    keyOf: (row) => keyColumns.map((column) => row[column] as string | number),
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

/** Below this many trigram matches a search starts from them (buildSearch's `fewMatches`). */
export const fewTrigramMatches = 5_000;

/** The trigram MATCH of a search text, or undefined when it is too short for trigrams. */
export function searchMatch(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length >= minTrigram ? phrase(trimmed) : undefined;
}

/**
 * `fewMatches`: the trigram index matched fewer than `fewTrigramMatches` rows (the caller counted
 * them). Then those rows are read first and only they are sorted; otherwise every row in the
 * caller's scope is checked against the matches, which is cheaper when most of them match.
 */
export function buildSearch(
  query: SearchQuery,
  fewMatches = false,
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
  const match = searchMatch(text);
  if (match && fewMatches) {
    // CROSS JOIN keeps SQLite from starting at the scope's index and probing every row of it.
    return {
      sql: `SELECT ${columns} FROM (SELECT rowid AS id FROM objects_fts WHERE objects_fts MATCH ?) m
        CROSS JOIN objects o ON o.id = m.id WHERE ${where.clauses.join(' AND ')} ${order}`,
      params: [match, ...where.params, limit],
    };
  }
  if (match) {
    where.clauses.push('o.id IN (SELECT rowid FROM objects_fts WHERE objects_fts MATCH ?)');
    where.params.push(match);
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

function addLabel(where: Where, input: string): void {
  const label = parseLabel(input);
  if (!label) {
    return;
  }
  const text = `${label.key}:${label.value}`;
  if (text.length >= minTrigram) {
    // The trigram index narrows the rows; json_each below checks the exact key and value.
    where.clauses.push('o.id IN (SELECT rowid FROM objects_fts WHERE objects_fts MATCH ?)');
    where.params.push(`labels : ${phrase(text)}`);
  }
  if (label.value === '') {
    where.clauses.push('EXISTS (SELECT 1 FROM json_each(o.labels) l WHERE l.key = ?)');
    where.params.push(label.key);
  } else {
    where.clauses.push(
      'EXISTS (SELECT 1 FROM json_each(o.labels) l WHERE l.key = ? AND l.value = ?)',
    );
    where.params.push(label.key, label.value);
  }
}

function addNameContains(where: Where, text: string): void {
  if (text.length >= minTrigram) {
    where.clauses.push('o.id IN (SELECT rowid FROM objects_fts WHERE objects_fts MATCH ?)');
    where.params.push(`name : ${phrase(text)}`);
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
