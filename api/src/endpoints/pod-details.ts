import { endpoint, json } from '../endpoint.js';
import { locationPath } from '../schemas/common.js';
import { configNameParams } from '../schemas/config-requests.js';
import { workloadEventsSchema } from '../schemas/workloads.js';

/**
 * A pod's detail reads beside the object, for the pod page. Declared before workloadEndpoints:
 * its `…/namespaces/:namespace/:kind/:name/events` would take this path.
 */
export const podDetailEndpoints = {
  listPodEvents: endpoint({
    method: 'GET',
    path: `/crd.{host}${locationPath}/namespaces/:namespace/pods/:name/events`,
    access: {
      allow: 'authenticated',
      note: 'Then the member decides as the caller (event:list).',
    },
    summary: 'Events about a pod, newest first',
    tag: 'crd',
    params: configNameParams,
    response: json(workloadEventsSchema),
  }),
} as const;
