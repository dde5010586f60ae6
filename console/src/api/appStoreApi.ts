import type { BodyFor, ClusterLocation, ResponseFor } from '@nimbus/api';
import { baseApi } from '../apiClient/baseApi';
import { endpointQuery, endpointRequest } from '../apiClient/endpointUrl';

/** A namespace of a member cluster, where releases live. */
export interface ReleaseTarget extends ClusterLocation {
  namespace: string;
}

export interface ReleaseRef extends ReleaseTarget {
  release: string;
}

export const appStoreApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Charts', 'Releases'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listCharts: build.query<ResponseFor<'listCharts'>, { search?: string }>({
        query: ({ search }) => endpointQuery('listCharts', {}, { search: search || undefined }),
        providesTags: ['Charts'],
      }),
      chartDetail: build.query<
        ResponseFor<'chartDetail'>,
        { source: string; name: string; version: string }
      >({
        query: ({ source, name, version }) =>
          endpointQuery('chartDetail', { source, version }, { name }),
      }),
      // Read by the operator; a chart without a readable icon shows the glyph, no notification.
      chartIcon: build.query<
        ResponseFor<'chartIcon'>,
        { source: string; name: string; version: string }
      >({
        query: ({ source, name, version }) =>
          endpointQuery('chartIcon', { source, version }, { name }),
        extraOptions: { silent: true },
      }),
      listReleases: build.query<ResponseFor<'listReleases'>, ReleaseTarget>({
        query: (target) => endpointRequest('listReleases', target),
        providesTags: ['Releases'],
      }),
      releaseHistory: build.query<ResponseFor<'releaseHistory'>, ReleaseRef>({
        query: (ref) => endpointRequest('releaseHistory', ref),
        providesTags: ['Releases'],
      }),
      releaseValues: build.query<ResponseFor<'releaseValues'>, ReleaseRef>({
        query: (ref) => endpointRequest('releaseValues', ref),
        providesTags: ['Releases'],
      }),
      installRelease: build.mutation<
        ResponseFor<'installRelease'>,
        ReleaseTarget & { body: BodyFor<'installRelease'> }
      >({
        query: ({ body, ...target }) => endpointRequest('installRelease', target, body),
        invalidatesTags: ['Releases'],
      }),
      upgradeRelease: build.mutation<
        ResponseFor<'upgradeRelease'>,
        ReleaseRef & { body: BodyFor<'upgradeRelease'> }
      >({
        query: ({ body, ...ref }) => endpointRequest('upgradeRelease', ref, body),
        invalidatesTags: ['Releases'],
      }),
      rollbackRelease: build.mutation<
        ResponseFor<'rollbackRelease'>,
        ReleaseRef & { revision: number }
      >({
        query: ({ revision, ...ref }) => endpointRequest('rollbackRelease', ref, { revision }),
        invalidatesTags: ['Releases'],
      }),
      uninstallRelease: build.mutation<ResponseFor<'uninstallRelease'>, ReleaseRef>({
        query: (ref) => endpointRequest('uninstallRelease', ref),
        invalidatesTags: ['Releases'],
      }),
    }),
  });

export const {
  useListChartsQuery,
  useChartDetailQuery,
  useChartIconQuery,
  useListReleasesQuery,
  useReleaseHistoryQuery,
  useReleaseValuesQuery,
  useInstallReleaseMutation,
  useUpgradeReleaseMutation,
  useRollbackReleaseMutation,
  useUninstallReleaseMutation,
} = appStoreApi;
