import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Empty,
  Flex,
  Input,
  Space,
  Table,
  Typography,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import type { HubListKind } from '@nimbus/api/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { downloadText } from '../../download/downloadText';
import { LiveMark } from '../../live/LiveMark';
import { useHiddenColumns } from '../../resources/hiddenColumns';
import { ColumnChooser } from '../ColumnChooser';
import { adminCsv, sortedColumns, type AdminColumn } from './adminColumns';
import { DeleteConfirmDialog } from './DeleteConfirmDialog';
import { readEveryPage, type ReadPage } from './readEveryPage';
import { useLiveHubList } from './useLiveHubList';
import type { ServerPaging } from './useListParams';

export interface RowDeletion<T> {
  /** The name the user types to confirm. */
  nameOf: (row: T) => string;
  remove: (row: T) => Promise<unknown>;
  /** Dialog title for the row. */
  title: (row: T) => string;
  /** Action and confirm-button label; "Delete" unless given (users are "removed"). */
  label?: string;
  disabled?: (row: T) => boolean;
}

export interface AdminListPageProps<T> {
  title: string;
  testId: string;
  rowKey: (row: T) => string;
  /** The first column is always shown; the user may hide the others (remembered per user). */
  columns: AdminColumn<T>[];
  /**
   * Rows of the last successful answer. A failed request leaves them as they were: the base
   * query has already reported it, and a list ignores non-zero responses.
   */
  items: readonly T[] | undefined;
  total: number | undefined;
  loading: boolean;
  emptyText: string;
  /** Server-side paging, search and order; without it the table pages and sorts the items it has. */
  paging?: ServerPaging;
  /**
   * A page of the list as the server answers it with the search and order shown: Export CSV
   * reads them all. Without it a server-paged list has no export.
   */
  readPage?: ReadPage<T>;
  /** Reads the list again (a Refresh button): what others changed meanwhile, without a reload. */
  refresh?: () => unknown;
  /**
   * The hub list this shows, of the current organization: read again by itself when it changes
   * (the change stream's admin lists; needs `refresh`).
   */
  live?: HubListKind;
  searchPlaceholder?: string;
  /** The create button: to a form route, or an action such as opening a dialog. */
  create?: { path: string; label: string } | { onClick: () => void; label: string };
  /** Where the row's edit (or view) action leads, with the action's label. */
  edit?: (row: T) => { path: string; label: string } | undefined;
  deletion?: RowDeletion<T>;
  /** Further row actions, placed before delete. */
  rowActions?: (row: T) => ReactNode;
  /**
   * Columns share the page's width (cells wrap, or cut short where a column says `ellipsis`)
   * instead of the table growing to its content and scrolling sideways: for lists with more
   * columns than fit a 1280 px screen at their content's width.
   */
  fitWidth?: boolean;
}

/** The file name of a list's export: `nimbus-users-2026-12-04.csv` for `admin-users-table`. */
const exportName = (testId: string): string =>
  `nimbus-${testId.replace(/^admin-/, '').replace(/-table$/, '')}-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * The one list screen of the admin area: title, search, create, a sortable paged table whose
 * columns the user chooses, its export as CSV, edit and delete.
 */
export function AdminListPage<T extends object>(props: AdminListPageProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { paging, deletion, edit, rowActions, readPage } = props;
  const [deleting, setDeleting] = useState<T | undefined>();
  const [exporting, setExporting] = useState(false);
  const [hidden, setHidden] = useHiddenColumns(`admin:${props.testId}`);
  const hasActions = Boolean(edit ?? deletion ?? rowActions);
  const [kept, ...choosable] = props.columns;
  const shownColumns = sortedColumns(
    props.columns.filter((column) => column === kept || !hidden.includes(column.key)),
    paging?.params,
  );
  const canExport = !paging || readPage !== undefined;
  const readAgain = useLiveHubList(props.live, props.refresh);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = readPage ? await readEveryPage(readPage) : (props.items ?? []);
      downloadText(exportName(props.testId), adminCsv(shownColumns, rows));
    } catch (error) {
      // The base query has reported a refused or failed read; anything else is said here.
      if (!(typeof error === 'object' && error !== null && 'status' in error)) {
        void message.error(t('admin.common.exportFailed'));
      }
    } finally {
      setExporting(false);
    }
  };

  const sortChanged: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (!paging || extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = shownColumns.find((candidate) => candidate.key === one?.columnKey);
    paging.setSorting(
      column?.sort && one?.order
        ? { sort: column.sort, order: one.order === 'ascend' ? 'asc' : 'desc' }
        : undefined,
    );
  };

  const actionsColumn: TableColumnsType<T> = [
    {
      key: 'actions',
      title: t('admin.common.actions'),
      render: (_value, row) => {
        const link = edit?.(row);
        return (
          <Space size="small" wrap>
            {link && <Link to={link.path}>{link.label}</Link>}
            {rowActions?.(row)}
            {deletion && (
              <Button
                type="link"
                danger
                size="small"
                disabled={deletion.disabled?.(row)}
                onClick={() => setDeleting(row)}
              >
                {deletion.label ?? t('admin.common.delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap="middle" style={{ padding: 24 }}>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {props.title}
        </Typography.Title>
        <Space wrap>
          {props.live && <LiveMark />}
          {paging && (
            <Input.Search
              // The search is in the address: Back or a link shows its own text.
              key={paging.params.search ?? ''}
              defaultValue={paging.params.search}
              allowClear
              aria-label={props.searchPlaceholder ?? t('admin.common.search')}
              placeholder={props.searchPlaceholder ?? t('admin.common.search')}
              onSearch={paging.setSearch}
              style={{ width: 260 }}
            />
          )}
          {props.refresh && (
            <Button
              icon={<ReloadOutlined />}
              loading={props.loading}
              onClick={readAgain}
              data-testid={`${props.testId}-refresh`}
            >
              {t('admin.common.refresh')}
            </Button>
          )}
          {choosable.length > 0 && (
            <ColumnChooser
              columns={choosable.map((column) => ({
                key: column.key,
                title: column.title as ReactNode,
              }))}
              hidden={hidden}
              onChange={setHidden}
              testId={`${props.testId}-columns`}
            />
          )}
          {canExport && (
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={exporting}
              onClick={() => void exportCsv()}
              data-testid={`${props.testId}-export`}
            >
              {t('resources.list.exportCsv')}
            </Button>
          )}
          {props.create && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                const create = props.create;
                if (create && 'path' in create) void navigate(create.path);
                else create?.onClick();
              }}
            >
              {props.create.label}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<T>
        data-testid={props.testId}
        rowKey={props.rowKey}
        columns={hasActions ? [...shownColumns, ...actionsColumn] : shownColumns}
        onChange={sortChanged}
        dataSource={props.items}
        loading={props.loading}
        pagination={paging ? paging.pagination(props.total) : { hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={props.emptyText} /> }}
        {...(props.fitWidth ? { tableLayout: 'fixed' as const } : { scroll: { x: 'max-content' } })}
      />
      {deletion && (
        <DeleteConfirmDialog
          name={deleting && deletion.nameOf(deleting)}
          title={deleting ? deletion.title(deleting) : ''}
          confirmLabel={deletion.label}
          onConfirm={() => (deleting ? deletion.remove(deleting) : Promise.resolve())}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </Flex>
  );
}
