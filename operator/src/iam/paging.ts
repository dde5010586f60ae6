import { z } from 'zod';

export const defaultPageSize = 20;
export const maxPageSize = 100;

/** Query of every list endpoint: page from 1, pageSize 1..100 (default 20), free-text search. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  search: z.string().trim().max(253).optional(),
});

export type PageQuery = z.output<typeof pageQuery>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Case-insensitive substring match over the given fields; an empty search matches all. */
export function matchesSearch(search: string | undefined, ...fields: Array<string | undefined>) {
  if (!search) return true;
  const needle = search.toLowerCase();
  return fields.some((field) => field?.toLowerCase().includes(needle) === true);
}

/** Server-side paging of an already filtered and sorted list. */
export function paginate<T, V = T>(
  items: readonly T[],
  query: PageQuery,
  toView: (item: T) => V = (item) => item as unknown as V,
): Page<V> {
  const start = (query.page - 1) * query.pageSize;
  return {
    items: items.slice(start, start + query.pageSize).map(toView),
    total: items.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export function byName<T extends { metadata: { name: string } }>(a: T, b: T): number {
  return a.metadata.name.localeCompare(b.metadata.name);
}
