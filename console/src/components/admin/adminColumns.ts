import type { ListSortKey } from '@nimbus/api/shared';
import { csvRow } from '@nimbus/api/shared';
import type { TableColumnType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { ListParams } from './useListParams';

/** A cell's plain value: what the CSV export writes and a list held whole sorts by. */
export type CellText = string | number | boolean | undefined | null;

/** A column of an admin list. */
export type AdminColumn<T> = TableColumnType<T> & {
  key: string;
  /**
   * The cell as plain text (a time as ISO 8601, a flag as true or false), for the export and for
   * sorting a list held whole; the `dataIndex` value unless given. Columns with neither are left
   * out of both.
   */
  text?: (row: T) => CellText;
  /** The server's order this column shows (server-paged lists sort only such columns). */
  sort?: ListSortKey;
};

/** The column's plain value of `row`, or undefined when the column has none. */
export function cellText<T>(column: AdminColumn<T>, row: T): CellText {
  if (column.text) return column.text(row);
  const field = column.dataIndex;
  if (typeof field !== 'string' && typeof field !== 'number') return undefined;
  const value: unknown = (row as Record<string | number, unknown>)[field];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined;
}

const hasText = <T>(column: AdminColumn<T>): boolean =>
  column.text !== undefined || typeof column.dataIndex === 'string';

const compareText = (a: CellText, b: CellText): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true });
};

/**
 * The columns with their sorters. A server-paged list sorts on the server, by the columns that
 * name one of its orders, shown as the address says (name ascending by default); a list held
 * whole sorts in the browser by any column with a plain value.
 */
export function sortedColumns<T>(
  columns: readonly AdminColumn<T>[],
  serverOrder: Pick<ListParams, 'sort' | 'order'> | undefined,
): AdminColumn<T>[] {
  return columns.map((column) => {
    if (serverOrder) {
      if (!column.sort) return column;
      const sort = serverOrder.sort ?? 'name';
      const shown: SortOrder =
        column.sort === sort ? (serverOrder.order === 'desc' ? 'descend' : 'ascend') : null;
      return {
        ...column,
        sorter: true,
        sortDirections: ['ascend', 'descend'],
        sortOrder: shown,
      };
    }
    if (!hasText(column)) return column;
    return {
      ...column,
      sorter: (a: T, b: T) => compareText(cellText(column, a), cellText(column, b)),
      sortDirections: ['ascend', 'descend'],
    };
  });
}

/** A column's heading as text: its title when that is text, its key otherwise. */
const headingOf = <T>(column: AdminColumn<T>): string =>
  typeof column.title === 'string' ? column.title : column.key;

/**
 * The rows as CSV (RFC 4180; cells a spreadsheet would run as formulas start with an
 * apostrophe), headed by the columns' titles, with a byte-order mark so that spreadsheets read
 * the Chinese and Japanese headings as UTF-8. Only columns with a plain value are written.
 */
export function adminCsv<T>(columns: readonly AdminColumn<T>[], rows: readonly T[]): string {
  const written = columns.filter(hasText);
  return (
    '\uFEFF' +
    csvRow(written.map(headingOf)) +
    rows.map((row) => csvRow(written.map((column) => cellText(column, row)))).join('')
  );
}
