import type {
  BodyFor,
  CategoryView,
  ClusterLocation,
  DashboardView,
  PanelBodyInput,
  ProxyMetrics,
  ResponseFor,
} from '@nimbus/api';
import { baseApi } from '../apiClient/baseApi';
import { endpointQuery, endpointRequest } from '../apiClient/endpointUrl';
import type { MetricsRange } from './metricsApi';

type Tag = 'DashboardCategory' | 'Dashboard';
const afterSuccess =
  (...tags: Tag[]) =>
  (_result: unknown, error: unknown): Tag[] =>
    error ? [] : tags;

export interface DashboardRef {
  organizationId: string;
  dashboard: string;
}

/** Custom dashboards (docs/api.md "Custom dashboards"). */
export const dashboardApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['DashboardCategory', 'Dashboard'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listDashboardCategories: build.query<CategoryView[], string>({
        query: (orgId) => endpointRequest('listDashboardCategories', { orgId }),
        transformResponse: (data: ResponseFor<'listDashboardCategories'> | null) =>
          data?.items ?? [],
        providesTags: ['DashboardCategory'],
      }),
      saveDashboardCategory: build.mutation<
        CategoryView,
        BodyFor<'createDashboardCategory'> & { isNew: boolean }
      >({
        query: ({ isNew, ...body }) =>
          isNew
            ? endpointRequest('createDashboardCategory', {}, body)
            : endpointRequest('updateDashboardCategory', {}, body),
        invalidatesTags: afterSuccess('DashboardCategory'),
      }),
      deleteDashboardCategory: build.mutation<null, { organizationId: string; category: string }>({
        query: ({ organizationId, category }) =>
          endpointRequest('deleteDashboardCategory', { orgId: organizationId, category }),
        invalidatesTags: afterSuccess('DashboardCategory'),
      }),
      listCategoryDashboards: build.query<
        DashboardView[],
        { organizationId: string; category: string }
      >({
        query: ({ organizationId, category }) =>
          endpointRequest('listCategoryDashboards', { orgId: organizationId, category }),
        transformResponse: (data: ResponseFor<'listCategoryDashboards'> | null) =>
          data?.items ?? [],
        providesTags: ['Dashboard'],
      }),
      getDashboard: build.query<DashboardView, DashboardRef>({
        query: ({ organizationId, dashboard }) =>
          endpointRequest('getDashboard', { orgId: organizationId, dashboard }),
        providesTags: ['Dashboard'],
      }),
      saveDashboard: build.mutation<DashboardView, BodyFor<'createDashboard'> & { isNew: boolean }>(
        {
          query: ({ isNew, ...body }) =>
            isNew
              ? endpointRequest('createDashboard', {}, body)
              : endpointRequest('updateDashboard', {}, body),
          invalidatesTags: afterSuccess('Dashboard', 'DashboardCategory'),
        },
      ),
      deleteDashboard: build.mutation<null, DashboardRef>({
        query: ({ organizationId, dashboard }) =>
          endpointRequest('deleteDashboard', { orgId: organizationId, dashboard }),
        invalidatesTags: afterSuccess('Dashboard', 'DashboardCategory'),
      }),
      savePanel: build.mutation<
        DashboardView,
        DashboardRef & { panel: PanelBodyInput; isNew: boolean }
      >({
        query: ({ organizationId, dashboard, panel, isNew }) =>
          isNew
            ? endpointRequest('addDashboardPanel', { orgId: organizationId, dashboard }, panel)
            : endpointRequest(
                'updateDashboardPanel',
                { orgId: organizationId, dashboard, panel: panel.name ?? '' },
                panel,
              ),
        invalidatesTags: afterSuccess('Dashboard'),
      }),
      // A panel's series: its PromQL through the metrics API's bounded proxy, as the caller.
      panelSeries: build.query<
        ProxyMetrics,
        { location: ClusterLocation; query: string; range: MetricsRange }
      >({
        query: ({ location, query, range }) =>
          endpointQuery('proxyMetrics', location, { query, ...range }),
        // A panel that cannot be drawn says why in its own place, not in a notification per panel.
        extraOptions: { silent: true },
      }),
      deletePanel: build.mutation<DashboardView, DashboardRef & { panel: string }>({
        query: ({ organizationId, dashboard, panel }) =>
          endpointRequest('deleteDashboardPanel', { orgId: organizationId, dashboard, panel }),
        invalidatesTags: afterSuccess('Dashboard'),
      }),
    }),
  });

export const {
  useListDashboardCategoriesQuery,
  useSaveDashboardCategoryMutation,
  useDeleteDashboardCategoryMutation,
  useListCategoryDashboardsQuery,
  useGetDashboardQuery,
  useSaveDashboardMutation,
  useDeleteDashboardMutation,
  useSavePanelMutation,
  useDeletePanelMutation,
  usePanelSeriesQuery,
} = dashboardApi;
