import type { AuditStore } from './store.js';

/**
 * Copies every record of `from` into `to`, newest first, a page at a time after the last one
 * copied (a keyset cursor, so the pages do not shift while the operator writes). A record
 * already in `to` is kept once, so a copy that was cut off is simply run again.
 */
export async function copyAuditRecords(
  from: AuditStore,
  to: AuditStore,
  options: { pageSize?: number; onPage?: (copied: number) => void } = {},
): Promise<number> {
  const pageSize = options.pageSize ?? 1_000;
  let copied = 0;
  let after: { requestTime: number; id: string } | undefined;
  for (;;) {
    const page = await from.query(after ? { after } : {}, {
      offset: 0,
      limit: pageSize,
      total: false,
    });
    if (page.items.length === 0) return copied;
    await to.append(page.items);
    copied += page.items.length;
    options.onPage?.(copied);
    const last = page.items[page.items.length - 1];
    if (!last || page.items.length < pageSize) return copied;
    after = { requestTime: last.requestTime, id: last.id };
  }
}
