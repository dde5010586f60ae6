import type { TablePaginationConfig } from 'antd';

/**
 * The browse tables page what the registry answered in one piece: no pager for a short list,
 * and a fixed page size so the two tables stand level beside each other.
 */
export const LOCAL_PAGING: TablePaginationConfig = {
  hideOnSinglePage: true,
  pageSize: 20,
  showSizeChanger: false,
};
