import type { BoundPageQuery, Page, PageQuery, SortedPageQuery } from '@nimbus/api';

// The list query and page shapes are the contract's (api/src/schemas/common.ts).
export { defaultPageSize, maxPageSize, pageQuery } from '@nimbus/api';
export type { BoundPageQuery, Page, PageQuery, SortedPageQuery };

/** Case-insensitive substring match over the given fields; an empty search matches all. */
export function matchesSearch(search: string | undefined, ...fields: Array<string | undefined>) {
  if (!search) return true;
  const needle = search.toLowerCase();
  return fields.some((field) => field?.toLowerCase().includes(needle) === true);
}

/** No cluster asked for, or one of `bindings` names it (a list narrowed to a cluster's own bindings). */
export function boundTo(
  cluster: string | undefined,
  bindings: ReadonlyArray<{ cluster: string }> | undefined,
): boolean {
  return !cluster || (bindings ?? []).some((binding) => binding.cluster === cluster);
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

interface Named {
  metadata: { name: string; creationTimestamp?: string | undefined };
}

/**
 * The order an admin list asks for: by name, or by creation time with the name breaking ties
 * (objects created in the same second), ascending or descending.
 */
export function listOrder(query: Pick<SortedPageQuery, 'sort' | 'order'>) {
  const direction = query.order === 'desc' ? -1 : 1;
  return (a: Named, b: Named): number => {
    const created =
      query.sort === 'created'
        ? (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '')
        : 0;
    return direction * (created || a.metadata.name.localeCompare(b.metadata.name));
  };
}
