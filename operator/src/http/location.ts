import type { Request } from 'express';
import { locationSchema } from '@nimbus/api';
import { parseRequest } from '../core/problems.js';
import type { ClusterLocation } from '../k8s/member-access.js';

/**
 * The location of a call whose path has none (POST /k8s.{host}/namespaces …): body fields
 * vendor, region and cluster, or the X-Nimbus-Vendor/-Region/-Cluster headers.
 */
export function locationFromBodyOrHeaders(req: Request): ClusterLocation {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const header = (name: string): string | undefined => req.get(`x-nimbus-${name}`) ?? undefined;
  return parseRequest(locationSchema, {
    vendor: body.vendor ?? header('vendor'),
    region: body.region ?? header('region'),
    cluster: body.cluster ?? header('cluster'),
  });
}
