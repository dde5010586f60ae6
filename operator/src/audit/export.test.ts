import { describe, expect, it } from 'vitest';
import { captureLogs } from '../testing/logs.js';
import { sampleRecord } from '../testing/audit.js';
import { exportPageSize, exportPages } from './export.js';
import { toView } from './record.js';
import type { AuditSearch } from './search.js';

describe('export pages', () => {
  it('continues after the last record of each page and never asks for totals', async () => {
    const asked: { after: unknown; options: unknown }[] = [];
    const records = Array.from({ length: exportPageSize + 2 }, (_, i) =>
      toView(sampleRecord({ id: `x${i}` })),
    );
    const search: AuditSearch = (filter, page, pageSize, _log, options) => {
      asked.push({ after: filter.after, options });
      const start = filter.after ? exportPageSize : 0;
      const items = records.slice(start, start + pageSize);
      return Promise.resolve({ items, total: -1, page, pageSize, partial: false });
    };
    const pages: number[] = [];
    for await (const page of exportPages(search, {}, captureLogs().logger)) pages.push(page.length);
    expect(pages).toEqual([exportPageSize, 2]);
    const last = records[exportPageSize - 1];
    expect(asked).toEqual([
      { after: undefined, options: { total: false } },
      {
        after: { requestTime: Date.parse(last?.requestTime ?? ''), id: last?.id },
        options: { total: false },
      },
    ]);
  });
});
