// A kind's list as a CSV download: the rows the list answers page by page, with the same scope,
// filters and order, until none are left.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ExportKindQueryInput } from '@nimbus/api';
import { maxIndexPage } from '@nimbus/api';
import { csvRow, kindColumns, type IndexedKindName, type KindColumn } from '@nimbus/api/shared';
import type { CallerClusters } from '../access/caller-scope.js';
import type { IndexedKind } from './kinds.js';
import { listObjects, type CrdItem } from './queries.js';
import type { IndexReader } from './reader.js';

/** The columns every kind's export starts with: what every list shows, whatever the kind. */
export const commonCsvColumns = [
  'kind',
  'name',
  'namespace',
  'cluster',
  'region',
  'vendor',
  'created',
  'labels',
] as const;

/** The kind's own list columns (declared once, read the same by the console's lists). */
const ownColumns = (kind: IndexedKind): readonly KindColumn[] =>
  kindColumns[kind.kind as IndexedKindName];

/** The columns of a kind's export, in order: the common ones, then the kind's own. */
export const kindCsvColumns = (kind: IndexedKind): string[] => [
  ...commonCsvColumns,
  ...ownColumns(kind).map((column) => column.key),
];

/** Labels as `key=value` pairs joined by `; `, the way they read in the console's lists. */
const labelText = (labels: Record<string, string> | undefined): string =>
  Object.entries(labels ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join('; ');

export function kindCsvRow(kind: IndexedKind, item: CrdItem): string {
  const metadata = item.metadata ?? {};
  return csvRow([
    kind.kind,
    metadata.name,
    metadata.namespace,
    item.cluster,
    item.region,
    item.vendor,
    metadata.creationTimestamp,
    labelText(metadata.labels),
    ...ownColumns(kind).map((column) => column.value(item)),
  ]);
}

/**
 * The CSV text, the header row with the first page. Each page continues after the last row of
 * the one before (the list's keyset cursor), so rows written meanwhile shift nothing; between
 * pages the event loop serves other requests (the SQLite index reads on the calling thread).
 */
export async function* kindCsvChunks(
  index: IndexReader,
  caller: CallerClusters,
  kind: IndexedKind,
  query: ExportKindQueryInput,
): AsyncGenerator<string> {
  let header = csvRow(kindCsvColumns(kind));
  let cursor: string | undefined;
  do {
    const page = await listObjects(index, caller, kind.name, {
      ...query,
      pageSize: maxIndexPage,
      ...(cursor ? { cursor } : {}),
    });
    yield header + page.items.map((item) => kindCsvRow(kind, item)).join('');
    header = '';
    cursor = page.nextCursor;
    if (cursor) await nextTurn();
  } while (cursor);
}
