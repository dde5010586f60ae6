import type { BodyFor, ClusterLocation, KubeObjectView, ResponseFor } from '@nimbus/api';
import type { WorkloadKind } from '@nimbus/api/shared';
import { baseApi } from '../apiClient/baseApi';
import { crdAt, k8sAt } from '../resources/location';
import { resourceTag } from './resourceApi';

/** A workload as the lifecycle calls address it: the member's collection name and the object. */
export interface WorkloadTarget extends ClusterLocation {
  kind: WorkloadKind;
  namespace: string;
  name: string;
}

const below = (target: WorkloadTarget) =>
  `/namespaces/${encodeURIComponent(target.namespace)}/${target.kind}/${encodeURIComponent(target.name)}`;
const k8sPath = (target: WorkloadTarget) => `${k8sAt(target)}${below(target)}`;
const crdPath = (target: WorkloadTarget) => `${crdAt(target)}${below(target)}`;

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
        query: (target) => `${crdPath(target)}/pods`,
        providesTags: (_result, _error, target) => [workloadTag(target)],
      }),
      listWorkloadEvents: build.query<ResponseFor<'listWorkloadEvents'>, WorkloadTarget>({
        query: (target) => `${crdPath(target)}/events`,
        providesTags: (_result, _error, target) => [workloadTag(target)],
      }),
      listWorkloadServices: build.query<ResponseFor<'listWorkloadServices'>, WorkloadTarget>({
        query: (target) => `${crdPath(target)}/services`,
        providesTags: (_result, _error, target) => [workloadTag(target)],
      }),
      listWorkloadRevisions: build.query<ResponseFor<'listWorkloadRevisions'>, WorkloadTarget>({
        query: (target) => `${crdPath(target)}/revisions`,
        providesTags: (_result, _error, target) => [workloadTag(target)],
      }),
      scaleWorkload: build.mutation<KubeObjectView, Change<BodyFor<'scaleWorkload'>>>({
        query: ({ body, ...target }) => ({ url: `${k8sPath(target)}/scale`, method: 'PUT', body }),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      restartWorkload: build.mutation<KubeObjectView, Change>({
        query: (target) => ({ url: `${k8sPath(target)}/restart`, method: 'POST' }),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      rollbackWorkload: build.mutation<KubeObjectView, Change<BodyFor<'rollbackWorkload'>>>({
        query: ({ body, ...target }) => ({
          url: `${k8sPath(target)}/rollback`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      hotfixWorkload: build.mutation<KubeObjectView, Change<BodyFor<'hotfixWorkload'>>>({
        query: ({ body, ...target }) => ({
          url: `${k8sPath(target)}/hotfix`,
          method: 'PATCH',
          body,
        }),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      suspendCronJob: build.mutation<KubeObjectView, Change<BodyFor<'suspendCronJob'>>>({
        query: ({ body, ...target }) => ({
          url: `${k8sPath(target)}/suspend`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      runCronJob: build.mutation<KubeObjectView, Change>({
        query: (target) => ({ url: `${k8sPath(target)}/run`, method: 'POST' }),
        invalidatesTags: (_result, error, target) => (error ? [] : changed(target)),
      }),
      deleteWorkload: build.mutation<KubeObjectView, Change>({
        query: (target) => ({ url: k8sPath(target), method: 'DELETE' }),
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
