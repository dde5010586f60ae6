import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { AuditExportFormat } from '@nimbus/api';
import { ApiError, errors } from '../core/errors.js';
import type { Logger } from '../logger.js';
import { csvHeader, encodeCsvRow, encodeJsonLine } from './export-format.js';
import type { AuditFilter, AuditRecordView } from './record.js';
import type { AuditSearch } from './search.js';

/** Records per page an export asks every replica for. */
export const exportPageSize = 500;

export const exportMediaTypes: Record<AuditExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

const partialMessage = 'a replica of the audit trail did not answer; try the export again';

/**
 * Every record matching the filter, newest first, a page at a time: each page continues after
 * the last record of the one before (a keyset cursor), so no page reaches deep into the stores
 * and records written meanwhile do not shift the pages. An export must be whole: a replica that
 * does not answer fails it (before the first record: a 503 envelope; later: a cut connection).
 */
export async function* exportPages(
  search: AuditSearch,
  filter: AuditFilter,
  log: Logger,
): AsyncGenerator<AuditRecordView[]> {
  let after: AuditFilter['after'];
  for (;;) {
    const page = await search({ ...filter, ...(after ? { after } : {}) }, 1, exportPageSize, log);
    if (page.partial) throw new ApiError(errors.hubUnavailable, { message: partialMessage });
    if (page.items.length === 0) return;
    yield page.items;
    if (page.items.length < exportPageSize) return;
    const last = page.items[page.items.length - 1];
    if (!last) return;
    after = { requestTime: Date.parse(last.requestTime), id: last.id };
  }
}

export interface ExportTarget extends Writable {
  readonly destroyed: boolean;
}

async function write(out: ExportTarget, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * Streams the pages into `out` in the format. `start` runs once the first page is in (or known
 * to be empty), so a failure before it can still be answered as an envelope.
 */
export async function streamExport(
  pages: AsyncGenerator<AuditRecordView[]>,
  format: AuditExportFormat,
  out: ExportTarget,
  start: () => void,
): Promise<void> {
  const encode = format === 'csv' ? encodeCsvRow : encodeJsonLine;
  const first = await pages.next();
  start();
  if (format === 'csv') await write(out, csvHeader);
  let page = first;
  while (!page.done && !out.destroyed) {
    await write(out, page.value.map(encode).join(''));
    page = await pages.next();
  }
  out.end();
}
