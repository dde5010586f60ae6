import type {
  BodyFor,
  CategoryView,
  ClusterLocation,
  DashboardView,
  PanelBodyInput,
  ProxyMetrics,
  ResponseFor,
} from '@nimbus/api';
import type { TimeRangePreset } from '@nimbus/api/shared';
import { servicePath } from '../config/productHost';
import { baseApi } from '../apiClient/baseApi';

const segment = encodeURIComponent;
const monitor = (path: string) => `${servicePath('monitor')}${path}`;
const inOrganization = (organizationId: string, path: string) =>
  monitor(`/organizations/${segment(organizationId)}${path}`);
const dashboardPath = (organizationId: string, dashboard: string) =>
  inOrganization(organizationId, `/dashboards/${segment(dashboard)}`);

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
        query: (organizationId) => inOrganization(organizationId, '/dashboard-categories'),
        transformResponse: (data: ResponseFor<'listDashboardCategories'> | null) =>
          data?.items ?? [],
        providesTags: ['DashboardCategory'],
      }),
      saveDashboardCategory: build.mutation<
        CategoryView,
        BodyFor<'createDashboardCategory'> & { isNew: boolean }
      >({
        query: ({ isNew, ...body }) => ({
          url: monitor('/dashboard-categories'),
          method: isNew ? 'POST' : 'PUT',
          body,
        }),
        invalidatesTags: afterSuccess('DashboardCategory'),
      }),
      deleteDashboardCategory: build.mutation<null, { organizationId: string; category: string }>({
        query: ({ organizationId, category }) => ({
          url: inOrganization(organizationId, `/dashboard-categories/${segment(category)}`),
          method: 'DELETE',
        }),
        invalidatesTags: afterSuccess('DashboardCategory'),
      }),
      listCategoryDashboards: build.query<
        DashboardView[],
        { organizationId: string; category: string }
      >({
        query: ({ organizationId, category }) =>
          inOrganization(organizationId, `/dashboard-categories/${segment(category)}/dashboards`),
        transformResponse: (data: ResponseFor<'listCategoryDashboards'> | null) =>
          data?.items ?? [],
        providesTags: ['Dashboard'],
      }),
      getDashboard: build.query<DashboardView, DashboardRef>({
        query: ({ organizationId, dashboard }) => dashboardPath(organizationId, dashboard),
        providesTags: ['Dashboard'],
      }),
      saveDashboard: build.mutation<DashboardView, BodyFor<'createDashboard'> & { isNew: boolean }>(
        {
          query: ({ isNew, ...body }) => ({
            url: monitor('/dashboards'),
            method: isNew ? 'POST' : 'PUT',
            body,
          }),
          invalidatesTags: afterSuccess('Dashboard', 'DashboardCategory'),
        },
      ),
      deleteDashboard: build.mutation<null, DashboardRef>({
        query: ({ organizationId, dashboard }) => ({
          url: dashboardPath(organizationId, dashboard),
          method: 'DELETE',
        }),
        invalidatesTags: afterSuccess('Dashboard', 'DashboardCategory'),
      }),
      savePanel: build.mutation<
        DashboardView,
        DashboardRef & { panel: PanelBodyInput; isNew: boolean }
      >({
        query: ({ organizationId, dashboard, panel, isNew }) => ({
          url: `${dashboardPath(organizationId, dashboard)}/panels${isNew ? '' : `/${segment(panel.name ?? '')}`}`,
          method: isNew ? 'POST' : 'PUT',
          body: panel,
        }),
        invalidatesTags: afterSuccess('Dashboard'),
      }),
      // A panel's series: its PromQL through the metrics API's bounded proxy, as the caller.
      panelSeries: build.query<
        ProxyMetrics,
        { location: ClusterLocation; query: string; range: TimeRangePreset }
      >({
        query: ({ location, query, range }) => ({
          url: `${servicePath('monitor')}/vendors/${segment(location.vendor)}/regions/${segment(location.region)}/clusters/${segment(location.cluster)}/proxy/metrics`,
          params: { query, range },
        }),
      }),
      deletePanel: build.mutation<DashboardView, DashboardRef & { panel: string }>({
        query: ({ organizationId, dashboard, panel }) => ({
          url: `${dashboardPath(organizationId, dashboard)}/panels/${segment(panel)}`,
          method: 'DELETE',
        }),
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
