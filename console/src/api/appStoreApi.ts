import type { BodyFor, ClusterLocation, ResponseFor } from '@nimbus/api';
import { baseApi } from '../apiClient/baseApi';
import { servicePath } from '../config/productHost';

const segment = encodeURIComponent;

/** A namespace of a member cluster, where releases live. */
export interface ReleaseTarget extends ClusterLocation {
  namespace: string;
}

export interface ReleaseRef extends ReleaseTarget {
  release: string;
}

const releasesAt = ({ vendor, region, cluster, namespace }: ReleaseTarget): string =>
  `${servicePath('appstore')}/vendors/${segment(vendor)}/regions/${segment(region)}/clusters/${segment(cluster)}/namespaces/${segment(namespace)}/releases`;
const releaseAt = (ref: ReleaseRef): string => `${releasesAt(ref)}/${segment(ref.release)}`;
const targetOf = ({ vendor, region, cluster, namespace }: ReleaseTarget): ReleaseTarget => ({
  vendor,
  region,
  cluster,
  namespace,
});

export const appStoreApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Charts', 'Releases'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listCharts: build.query<ResponseFor<'listCharts'>, { search?: string }>({
        query: ({ search }) => ({
          url: `${servicePath('appstore')}/charts`,
          ...(search ? { params: { search } } : {}),
        }),
        providesTags: ['Charts'],
      }),
      chartDetail: build.query<
        ResponseFor<'chartDetail'>,
        { source: string; name: string; version: string }
      >({
        query: ({ source, name, version }) => ({
          url: `${servicePath('appstore')}/sources/${segment(source)}/versions/${segment(version)}`,
          params: { name },
        }),
      }),
      // Read by the operator; a chart without a readable icon shows the glyph, no notification.
      chartIcon: build.query<
        ResponseFor<'chartIcon'>,
        { source: string; name: string; version: string }
      >({
        query: ({ source, name, version }) => ({
          url: `${servicePath('appstore')}/sources/${segment(source)}/versions/${segment(version)}/icon`,
          params: { name },
        }),
        extraOptions: { silent: true },
      }),
      listReleases: build.query<ResponseFor<'listReleases'>, ReleaseTarget>({
        query: (target) => ({ url: releasesAt(target) }),
        providesTags: ['Releases'],
      }),
      releaseHistory: build.query<ResponseFor<'releaseHistory'>, ReleaseRef>({
        query: (ref) => ({ url: `${releaseAt(ref)}/history` }),
        providesTags: ['Releases'],
      }),
      releaseValues: build.query<ResponseFor<'releaseValues'>, ReleaseRef>({
        query: (ref) => ({ url: `${releaseAt(ref)}/values` }),
        providesTags: ['Releases'],
      }),
      installRelease: build.mutation<
        ResponseFor<'installRelease'>,
        ReleaseTarget & { body: BodyFor<'installRelease'> }
      >({
        query: ({ body, ...target }) => ({
          url: releasesAt(targetOf(target)),
          method: 'POST',
          body,
        }),
        invalidatesTags: ['Releases'],
      }),
      upgradeRelease: build.mutation<
        ResponseFor<'upgradeRelease'>,
        ReleaseRef & { body: BodyFor<'upgradeRelease'> }
      >({
        query: ({ body, ...ref }) => ({ url: releaseAt(ref), method: 'PUT', body }),
        invalidatesTags: ['Releases'],
      }),
      rollbackRelease: build.mutation<
        ResponseFor<'rollbackRelease'>,
        ReleaseRef & { revision: number }
      >({
        query: ({ revision, ...ref }) => ({
          url: `${releaseAt(ref)}/rollback`,
          method: 'POST',
          body: { revision },
        }),
        invalidatesTags: ['Releases'],
      }),
      uninstallRelease: build.mutation<ResponseFor<'uninstallRelease'>, ReleaseRef>({
        query: (ref) => ({ url: releaseAt(ref), method: 'DELETE' }),
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
