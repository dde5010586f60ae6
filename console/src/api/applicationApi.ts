import type { AutoscaleView, BodyFor, ClusterLocation, QueryFor, ResponseFor } from '@nimbus/api';
import { endpointQuery, endpointRequest } from '../apiClient/endpointUrl';
import { baseApi } from '../apiClient/baseApi';
import type { WorkloadTarget } from './workloadApi';
import { ResponseCode } from '../constants';

/** Where the shared form creates: a namespace of a cluster. */
export interface ApplicationTarget extends ClusterLocation {
  namespace: string;
  body: BodyFor<'createApplication'>;
}

/** One value of the index list's `cluster` and `namespace` filters (the contract's). */
type OneOf<K extends 'cluster' | 'namespace'> = Extract<QueryFor<'listKind'>[K], string>;

/** A namespace's config maps or secrets, by name, from the index (the form offers them). */
export type NamespaceObjectsQuery = {
  plural: 'configmaps' | 'secrets';
  cluster: OneOf<'cluster'>;
  namespace: OneOf<'namespace'>;
};

/** The most names a select offers; more are typed. */
const NAME_PAGE_SIZE = 200;

const autoscaleTag = (target: WorkloadTarget) => ({
  type: 'Autoscale' as const,
  id: `${target.cluster}/${target.kind}/${target.namespace}/${target.name}`,
});

export const applicationApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Autoscale', 'ResourceList'] })
  .injectEndpoints({
    endpoints: (build) => ({
      // The form answers a duplicate name (conflict) beside the name field.
      createApplication: build.mutation<ResponseFor<'createApplication'>, ApplicationTarget>({
        query: ({ body, ...target }) => endpointRequest('createApplication', target, body),
        extraOptions: { expectedCodes: [ResponseCode.conflict] },
        invalidatesTags: (_result, error) => (error ? [] : ['ResourceList']),
      }),
      listNamespaceObjectNames: build.query<string[], NamespaceObjectsQuery>({
        query: ({ plural, cluster, namespace }) =>
          endpointQuery(
            'listKind',
            { kind: plural },
            { cluster, namespace, pageSize: NAME_PAGE_SIZE },
          ),
        extraOptions: { silent: true },
        transformResponse: (data: ResponseFor<'listKind'> | null) =>
          (data?.items ?? []).map((item) => item.metadata?.name ?? '').filter(Boolean),
      }),
      getAutoscale: build.query<AutoscaleView, WorkloadTarget>({
        query: (target) => endpointRequest('getAutoscale', target),
        providesTags: (_result, _error, target) => [autoscaleTag(target)],
      }),
      setAutoscale: build.mutation<
        AutoscaleView,
        WorkloadTarget & { body: BodyFor<'setAutoscale'> }
      >({
        query: ({ body, ...target }) => endpointRequest('setAutoscale', target, body),
        invalidatesTags: (_result, error, target) => (error ? [] : [autoscaleTag(target)]),
      }),
      deleteAutoscale: build.mutation<null, WorkloadTarget>({
        query: (target) => endpointRequest('deleteAutoscale', target),
        invalidatesTags: (_result, error, target) => (error ? [] : [autoscaleTag(target)]),
      }),
    }),
  });

export const {
  useCreateApplicationMutation,
  useListNamespaceObjectNamesQuery,
  useGetAutoscaleQuery,
  useSetAutoscaleMutation,
  useDeleteAutoscaleMutation,
} = applicationApi;
