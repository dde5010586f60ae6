import type { ClusterLocation, ResponseFor } from '@nimbus/api';
import { baseApi } from '../apiClient/baseApi';
import { crdAt } from '../resources/location';

export interface PodTarget extends ClusterLocation {
  namespace: string;
  name: string;
}

const segment = encodeURIComponent;

/** A pod's detail reads beside the object, live as the caller. */
export const podApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPodEvents: build.query<ResponseFor<'listPodEvents'>, PodTarget>({
      query: (pod) =>
        `${crdAt(pod)}/namespaces/${segment(pod.namespace)}/pods/${segment(pod.name)}/events`,
    }),
  }),
});

export const { useListPodEventsQuery } = podApi;
