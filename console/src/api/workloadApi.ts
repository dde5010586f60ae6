import type { BodyFor, ClusterLocation, KubeObjectView, ResponseFor } from '@nimbus/api';
import type { WorkloadKind } from '@nimbus/api/shared';
import { baseApi } from '../apiClient/baseApi';
import { endpointRequest } from '../apiClient/endpointUrl';
import { resourceTag } from './resourceApi';

/** A workload as the lifecycle calls address it: the member's collection name and the object. */
export interface WorkloadTarget extends ClusterLocation {
  kind: WorkloadKind;
  namespace: string;
  name: string;
}

const workloadTag = (target: WorkloadTarget) => ({
  type: 'Workload' as const,
  id: `${target.cluster}/${target.kind}/${target.namespace}/${target.name}`,
});
/** A change is seen by the detail page's object, its sections and the lists. */
const changed = (target: WorkloadTarget) => [
  workloadTag(target),
  resourceTag({ ...target, plural: target.kind }),
  'ResourceList' as const,
];

type Change<B = undefined> = B extends undefined ? WorkloadTarget : WorkloadTarget & { body: B };

export const workloadApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Workload', 'Resource', 'ResourceList'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listWorkloadPods: build.query<ResponseFor<'listWorkloadPods'>, WorkloadTarget>({
        query: (target) => endpointRequest('listWorkloadPods', target),
        providesTags: (_result, _error, target) => [workloadTag(target)],
      }),
      listWorkloadEvents: build.query<ResponseFor<'listWorkloadEvents'>, WorkloadTarget>({
        query: (target) => endpointRequest('listWorkloadEvents', target),
        providesTags: (_result, _error, target) => [workloadTag(target)],
      }),
      listWorkloadServices: build.query<ResponseFor<'listWorkloadServices'>, WorkloadTarget>({
        query: (target) => endpointRequest('listWorkloadServices', target),
        providesTags: (_result, _error, target) => [workloadTag(target)],
      }),
      listWorkloadRevisions: build.query<ResponseFor<'listWorkloadRevisions'>, WorkloadTarget>({
        query: (target) => endpointRequest('listWorkloadRevisions', target),
        providesTags: (_result, _error, target) => [workloadTag(target)],
      }),
      scaleWorkload: build.mutation<KubeObjectView, Change<BodyFor<'scaleWorkload'>>>({
        query: ({ body, ...target }) => endpointRequest('scaleWorkload', target, body),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      restartWorkload: build.mutation<KubeObjectView, Change>({
        query: (target) => endpointRequest('restartWorkload', target),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      rollbackWorkload: build.mutation<KubeObjectView, Change<BodyFor<'rollbackWorkload'>>>({
        query: ({ body, ...target }) => endpointRequest('rollbackWorkload', target, body),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      hotfixWorkload: build.mutation<KubeObjectView, Change<BodyFor<'hotfixWorkload'>>>({
        query: ({ body, ...target }) => endpointRequest('hotfixWorkload', target, body),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      suspendCronJob: build.mutation<KubeObjectView, Change<BodyFor<'suspendCronJob'>>>({
        query: ({ body, ...target }) => endpointRequest('suspendCronJob', target, body),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      runCronJob: build.mutation<KubeObjectView, Change>({
        query: (target) => endpointRequest('runCronJob', target),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      deleteWorkload: build.mutation<KubeObjectView, Change>({
        query: (target) => endpointRequest('deleteWorkload', target),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
    }),
  });

export const {
  useListWorkloadPodsQuery,
  useListWorkloadEventsQuery,
  useListWorkloadServicesQuery,
  useListWorkloadRevisionsQuery,
  useScaleWorkloadMutation,
  useRollbackWorkloadMutation,
  useHotfixWorkloadMutation,
} = workloadApi;
