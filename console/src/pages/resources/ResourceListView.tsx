import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { listFilterQuery, listOrderQuery, useListResourcesPageQuery } from '../../api/resourceApi';
import { endpointDownloadUrl } from '../../apiClient/endpointUrl';
import type { ResourcePageArgs } from '../../apiClient/requestArgs';
import type { KindDescriptor } from '../../resources/descriptors/types';
import { useHiddenColumns } from '../../resources/hiddenColumns';
import { queryFilters } from '../../resources/listFilters';
import {
  LIST_PAGE_SIZES,
  firstPage,
  listViewParams,
  readListView,
  type ListViewState,
} from '../../resources/listView';
import { ColumnChooser } from '../../components/ColumnChooser';
import { LiveMark } from '../../live/LiveMark';
import { useLiveRefetch } from '../../live/useLiveRefetch';
import { ListPager } from './ListPager';
import { ResourceListFilters } from './ResourceListFilters';
import { ResourceTable } from './ResourceTable';
import { NAME_COLUMN, useListColumns } from './useListColumns';

/** The cursors of the pages walked before this one ('' for the first), kept in history. */
interface PageTrail {
  trail: string[];
}

const trailOf = (state: unknown): string[] => {
  const trail = (state as Partial<PageTrail> | null)?.trail;
  return Array.isArray(trail) ? trail.filter((cursor) => typeof cursor === 'string') : [];
};

/**
 * A kind's list as its URL says (filters, order, page size, page: a link opens the same view),
 * a page at a time from the server, with the columns the user keeps, a refresh and a CSV export
 * of everything the filters match.
 */
export function ResourceListView({ descriptor }: { descriptor: KindDescriptor }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const view = readListView(params);
  const trail = trailOf(location.state);
  const show = (next: ListViewState, pages: string[] = []) =>
    setParams(listViewParams(next), { state: { trail: pages } satisfies PageTrail });

  const filters = queryFilters(view.filters);
  const args: ResourcePageArgs = {
    plural: descriptor.plural,
    ...filters,
    pageSize: view.pageSize,
    sort: view.sort,
    order: view.order,
    ...(view.cursor ? { cursor: view.cursor } : {}),
  };
  // A failed request keeps the rows shown: list screens ignore non-zero answers.
  const { data, currentData, isFetching, refetch } = useListResourcesPageQuery(args);
  const { cluster, namespace } = filters;
  // The page read again when the index changes what it may show; the spinner is for new views.
  useLiveRefetch(
    {
      kinds: [descriptor.plural],
      ...(cluster ? { cluster } : {}),
      ...(namespace ? { namespace } : {}),
    },
    refetch,
  );
  const columns = useListColumns(descriptor, view);
  const [hidden, setHidden] = useHiddenColumns(descriptor.kind);
  const choosable = columns
    .filter((column) => column.key !== NAME_COLUMN)
    .map((column) => ({ key: String(column.key), title: column.title as string }));
  const shownColumns = columns.filter((column) => !hidden.includes(String(column.key)));
  const exportUrl = endpointDownloadUrl(
    'exportKind',
    { kind: descriptor.plural },
    { ...listFilterQuery(filters), ...listOrderQuery(view) },
  );
  const nextCursor = data?.nextCursor;

  return (
    <Flex vertical gap="middle">
      <ResourceListFilters
        key={JSON.stringify(view.filters)}
        namespaced={descriptor.namespaced}
        initialValues={view.filters}
        onSearch={(values) => show(firstPage({ ...view, filters: values }))}
      />
      <Flex gap="small" wrap justify="flex-end" align="center" data-testid="resource-list-tools">
        <LiveMark />
        <Select
          aria-label={t('resources.list.pageSize')}
          id="resource-page-size"
          data-testid="resource-page-size"
          value={view.pageSize}
          onChange={(pageSize) => show(firstPage({ ...view, pageSize }))}
          options={LIST_PAGE_SIZES.map((size) => ({
            value: size,
            label: t('resources.list.perPage', { size }),
          }))}
          style={{ width: 130 }}
        />
        <Button
          icon={<ReloadOutlined aria-hidden />}
          loading={isFetching}
          onClick={() => void refetch()}
          data-testid="resource-refresh"
        >
          {t('resources.list.refresh')}
        </Button>
        <ColumnChooser columns={choosable} hidden={hidden} onChange={setHidden} />
        <Button
          icon={<DownloadOutlined aria-hidden />}
          href={exportUrl}
          download
          data-testid="resource-export-csv"
        >
          {t('resources.list.exportCsv')}
        </Button>
      </Flex>
      <ResourceTable
        descriptor={descriptor}
        columns={shownColumns}
        items={data?.items ?? []}
        loading={isFetching && currentData === undefined}
        onSort={(sorting) => show(firstPage({ ...view, ...sorting }))}
      />
      <ListPager
        page={view.cursor === undefined || trail.length > 0 ? trail.length + 1 : undefined}
        hasPrevious={view.cursor !== undefined}
        hasNext={Boolean(nextCursor)}
        onPrevious={() =>
          trail.length > 0
            ? show(
                { ...firstPage(view), ...(trail.at(-1) ? { cursor: trail.at(-1) } : {}) },
                trail.slice(0, -1),
              )
            : show(firstPage(view))
        }
        onNext={() =>
          nextCursor && show({ ...view, cursor: nextCursor }, [...trail, view.cursor ?? ''])
        }
      />
    </Flex>
  );
}
