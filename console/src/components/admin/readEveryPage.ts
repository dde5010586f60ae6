import { MAX_PAGE_SIZE } from './useListParams';

/** One page of a server-paged list, as a list endpoint answers it. */
export type ReadPage<T> = (
  page: number,
  pageSize: number,
) => Promise<{ items: readonly T[]; total: number }>;

/**
 * Every row of a server-paged list, read a page of the largest size at a time until the total is
 * reached (or a page comes back empty, when rows went away meanwhile): the export of a list
 * with more rows than one page shows.
 */
export async function readEveryPage<T>(read: ReadPage<T>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await read(page, MAX_PAGE_SIZE);
    rows.push(...answer.items);
    if (answer.items.length === 0 || rows.length >= answer.total) return rows;
  }
}
