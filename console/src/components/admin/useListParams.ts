import { isListSortKey, type ListOrderDirection, type ListSortKey } from '@nimbus/api/shared';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

const DEFAULT_PAGE_SIZE = 20;
/** The largest page the server returns; option lists (groups, users, roles) read one such page. */
export const MAX_PAGE_SIZE = 100;
const PAGE_SIZES = [10, 20, 50, MAX_PAGE_SIZE];

export interface ListParams {
  page: number;
  pageSize: number;
  search?: string;
  /** The server's order, when not its default (by name, ascending). */
  sort?: ListSortKey;
  order?: ListOrderDirection;
}

export interface ListSorting {
  sort: ListSortKey;
  order: ListOrderDirection;
}

/** Server-side paging and search of a list screen: the query arguments and the table's pager. */
export interface ServerPaging {
  params: ListParams;
  setSearch: (search: string) => void;
  /** A new order (undefined: the server's default), from the first page. */
  setSorting: (sorting: ListSorting | undefined) => void;
  /** Back to the first page, e.g. when other filters change. */
  toFirstPage: () => void;
  pagination: (total: number | undefined) => TablePaginationConfig;
}

/** A whole number from 1 up, or undefined for anything else a hand-edited address may hold. */
const pageNumber = (text: string | null): number | undefined => {
  const value = Number(text);
  return text !== null && Number.isSafeInteger(value) && value >= 1 ? value : undefined;
};

/** `sort` and `order` as the address holds them; name ascending (the default) is left out. */
function sortingIn(query: URLSearchParams): Pick<ListParams, 'sort' | 'order'> {
  const sort = query.get('sort');
  const order = query.get('order') === 'desc' ? 'desc' : 'asc';
  if (!isListSortKey(sort) || (sort === 'name' && order === 'asc')) return {};
  return { sort, order };
}

/**
 * The list's view as the address keeps it: `page`, `pageSize`, `search`, `sort` and `order`,
 * when not the default.
 */
export function listParamsIn(query: URLSearchParams, defaultPageSize: number): ListParams {
  const size = pageNumber(query.get('pageSize'));
  const search = query.get('search')?.trim();
  return {
    page: pageNumber(query.get('page')) ?? 1,
    pageSize: size !== undefined && PAGE_SIZES.includes(size) ? size : defaultPageSize,
    ...(search ? { search } : {}),
    ...sortingIn(query),
  };
}

/** `query` with the list's view written in, leaving the address's other parameters as they are. */
export function withListParams(
  query: URLSearchParams,
  params: ListParams,
  defaultPageSize: number,
): URLSearchParams {
  const next = new URLSearchParams(query);
  const set = (name: string, value: string | undefined) =>
    value === undefined ? next.delete(name) : next.set(name, value);
  set('page', params.page > 1 ? String(params.page) : undefined);
  set('pageSize', params.pageSize !== defaultPageSize ? String(params.pageSize) : undefined);
  set('search', params.search);
  set('sort', params.sort);
  set('order', params.sort ? params.order : undefined);
  return next;
}

function pagingOf(
  params: ListParams,
  change: (update: (current: ListParams) => ListParams) => void,
): ServerPaging {
  return {
    params,
    setSearch: (search) => {
      const trimmed = search.trim();
      change((current) => ({ ...current, page: 1, search: trimmed || undefined }));
    },
    setSorting: (sorting) =>
      change(({ sort: _sort, order: _order, ...current }) => ({
        ...current,
        page: 1,
        ...(sorting && !(sorting.sort === 'name' && sorting.order === 'asc') ? sorting : {}),
      })),
    toFirstPage: () => change((current) => ({ ...current, page: 1 })),
    pagination: (total) => ({
      current: params.page,
      pageSize: params.pageSize,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      onChange: (page, size) =>
        change((current) => ({
          ...current,
          // A new page size starts over at the first page.
          page: size === current.pageSize ? page : 1,
          pageSize: size,
        })),
    }),
  };
}

/**
 * Paging and search of an admin list, kept in the address (docs/decisions/list-views.md): a link,
 * a reload or Back opens the same page of the same search.
 */
export function useListParams(pageSize = DEFAULT_PAGE_SIZE): ServerPaging {
  const [query, setQuery] = useSearchParams();
  const params = listParamsIn(query, pageSize);
  return pagingOf(params, (update) =>
    setQuery((current) =>
      withListParams(current, update(listParamsIn(current, pageSize)), pageSize),
    ),
  );
}

/**
 * Paging and search held by the screen alone: for a list whose other filters are not in the
 * address (the audit log), where a page number there would open another view than it names.
 */
export function useLocalListParams(pageSize = DEFAULT_PAGE_SIZE): ServerPaging {
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize });
  return pagingOf(params, setParams);
}
