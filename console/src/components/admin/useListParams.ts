import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

const DEFAULT_PAGE_SIZE = 20;
/** The largest page the server returns; option lists (groups, users, roles) read one such page. */
export const MAX_PAGE_SIZE = 100;

export interface ListParams {
  page: number;
  pageSize: number;
  search?: string;
}

/** Server-side paging and search of a list screen: the query arguments and the table's pager. */
export interface ServerPaging {
  params: ListParams;
  setSearch: (search: string) => void;
  /** Back to the first page, e.g. when other filters change. */
  toFirstPage: () => void;
  pagination: (total: number | undefined) => TablePaginationConfig;
}

export function useListParams(pageSize = DEFAULT_PAGE_SIZE): ServerPaging {
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize });
  return {
    params,
    setSearch: (search) => {
      const trimmed = search.trim();
      setParams((current) => ({ ...current, page: 1, search: trimmed || undefined }));
    },
    toFirstPage: () => setParams((current) => ({ ...current, page: 1 })),
    pagination: (total) => ({
      current: params.page,
      pageSize: params.pageSize,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, MAX_PAGE_SIZE],
      onChange: (page, size) =>
        setParams((current) => ({
          ...current,
          // A new page size starts over at the first page.
          page: size === current.pageSize ? page : 1,
          pageSize: size,
        })),
    }),
  };
}
