import type { ClusterLocation, ResponseFor } from '@nimbus/api';
import { baseApi } from '../apiClient/baseApi';
import { endpointRequest } from '../apiClient/endpointUrl';

export interface PodTarget extends ClusterLocation {
  namespace: string;
  name: string;
}

/** A pod's detail reads beside the object, live as the caller. */
export const podApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPodEvents: build.query<ResponseFor<'listPodEvents'>, PodTarget>({
      query: (pod) => endpointRequest('listPodEvents', pod),
    }),
  }),
});

export const { useListPodEventsQuery } = podApi;
