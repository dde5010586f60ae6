import type { ListFilterValues } from './listFilters';

// What a list page shows, kept in its URL (docs/decisions/list-views.md): a link opens the same
// filters, order, page size and page; the server defaults are left out of it.

export const LIST_SORTS = ['name', 'created'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export type ListOrder = 'asc' | 'desc';
export const LIST_PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_LIST_PAGE_SIZE = 20;

export interface ListViewState {
  filters: ListFilterValues;
  sort: ListSort;
  order: ListOrder;
  pageSize: number;
  /** The page's keyset cursor; none on the first page. */
  cursor?: string;
}

const FILTER_PARAMS = ['cluster', 'namespace', 'label', 'name'] as const;

const oneOf = <T extends string>(choices: readonly T[], value: string | null, fallback: T): T =>
  choices.find((choice) => choice === value) ?? fallback;

/** The view a list URL's query names; anything it does not understand is the default. */
export function readListView(params: URLSearchParams): ListViewState {
  const filters: ListFilterValues = {};
  for (const key of FILTER_PARAMS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const pageSize = Number(params.get('pageSize'));
  const cursor = params.get('cursor');
  return {
    filters,
    sort: oneOf(LIST_SORTS, params.get('sort'), 'name'),
    order: oneOf<ListOrder>(['asc', 'desc'], params.get('order'), 'asc'),
    pageSize: LIST_PAGE_SIZES.find((size) => size === pageSize) ?? DEFAULT_LIST_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  };
}

/** The list URL's query of a view: what differs from the defaults, in a stable order. */
export function listViewParams(view: ListViewState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_PARAMS) {
    const value = view.filters[key]?.trim();
    if (value) params.set(key, value);
  }
  if (view.sort !== 'name') params.set('sort', view.sort);
  if (view.order !== 'asc') params.set('order', view.order);
  if (view.pageSize !== DEFAULT_LIST_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  if (view.cursor) params.set('cursor', view.cursor);
  return params;
}

/** The same view from its first page: any change of filters, order or size starts over. */
export const firstPage = (view: ListViewState): ListViewState => {
  const { cursor: _cursor, ...rest } = view;
  return rest;
};
