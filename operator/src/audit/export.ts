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
    // Nothing shows a total: no page counts every match again.
    const page = await search({ ...filter, ...(after ? { after } : {}) }, 1, exportPageSize, log, {
      total: false,
    });
    if (page.partial) throw new ApiError(errors.hubUnavailable, { message: partialMessage });
    if (page.items.length === 0) return;
    yield page.items;
    if (page.items.length < exportPageSize) return;
    const last = page.items[page.items.length - 1];
    if (!last) return;
    after = { requestTime: Date.parse(last.requestTime), id: last.id };
  }
}

/**
 * The export's text in the format, a page at a time: the CSV header row goes with the first page
 * (or alone, when nothing matches), so that nothing is sent before the first page is read.
 */
export async function* exportChunks(
  pages: AsyncGenerator<AuditRecordView[]>,
  format: AuditExportFormat,
): AsyncGenerator<string> {
  const encode = format === 'csv' ? encodeCsvRow : encodeJsonLine;
  let header = format === 'csv' ? csvHeader : '';
  for await (const page of pages) {
    yield header + page.map(encode).join('');
    header = '';
  }
  if (header !== '') yield header;
}
