import type { ClusterLocation } from '@nimbus/api';
import { endpointUrl } from '../apiClient/endpointUrl';
import { locationFromQuery } from '../resources/location';

/** One container of one pod in one cluster: what the logs and shell screens open. */
export interface ContainerTarget extends ClusterLocation {
  namespace: string;
  pod: string;
  container: string;
}

const screenPath = (screen: 'logs' | 'shell', target: ContainerTarget): string => {
  const query = new URLSearchParams({
    vendor: target.vendor,
    region: target.region,
    cluster: target.cluster,
    namespace: target.namespace,
  });
  const pod = encodeURIComponent(target.pod);
  return `/${screen}/${pod}/${encodeURIComponent(target.container)}?${query.toString()}`;
};

/** `/logs/:name/:container?vendor&region&cluster&namespace`. */
export const logsPath = (target: ContainerTarget): string => screenPath('logs', target);

/** `/shell/:name/:container?vendor&region&cluster&namespace`. */
export const shellPath = (target: ContainerTarget): string => screenPath('shell', target);

/** The target a logs or shell screen's route names; undefined when a part is missing. */
export function containerTargetOf(
  params: { name?: string | undefined; container?: string | undefined },
  query: URLSearchParams,
): ContainerTarget | undefined {
  const location = locationFromQuery(query);
  const namespace = query.get('namespace');
  const { name, container } = params;
  if (!location || !namespace || !name || !container) return undefined;
  return { ...location, namespace, pod: name, container };
}

/** `{baseUrl}` and the path of one of the pod's streams: its shell or its log. */
export function podStreamUrl(
  baseUrl: string,
  stream: 'execPod' | 'podLogs',
  target: ContainerTarget,
): string {
  return `${baseUrl}${endpointUrl(stream, target)}`;
}
