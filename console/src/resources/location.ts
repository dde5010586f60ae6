import type { ClusterLocation } from '@nimbus/api';
import { servicePath } from '../config/productHost';

const segment = encodeURIComponent;

const locationPath = ({ vendor, region, cluster }: ClusterLocation): string =>
  `/vendors/${segment(vendor)}/regions/${segment(region)}/clusters/${segment(cluster)}`;

/** `/crd.{host}/vendors/:vendor/regions/:region/clusters/:cluster` (reads, live as the user). */
export const crdAt = (location: ClusterLocation): string =>
  `${servicePath('crd')}${locationPath(location)}`;

/** `/k8s.{host}/vendors/:vendor/regions/:region/clusters/:cluster` (writes). */
export const k8sAt = (location: ClusterLocation): string =>
  `${servicePath('k8s')}${locationPath(location)}`;

/** The location named by a detail page's query, or undefined when a part is missing. */
export function locationFromQuery(query: URLSearchParams): ClusterLocation | undefined {
  const vendor = query.get('vendor');
  const region = query.get('region');
  const cluster = query.get('cluster');
  return vendor && region && cluster ? { vendor, region, cluster } : undefined;
}
