import type { Request } from 'express';
import { z } from 'zod';
import { parseRequest } from '../core/problems.js';
import type { ClusterLocation } from './member-access.js';

const part = z.string().trim().min(1, 'Required').max(253);

export const locationSchema = z.object({ vendor: part, region: part, cluster: part });

/** The location in the path (/vendors/:vendor/regions/:region/clusters/:cluster/…). */
export function locationFromParams(req: Request): ClusterLocation {
  return parseRequest(locationSchema, req.params);
}

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

/** Express path of a location, below a service mount. */
export const locationPath = '/vendors/:vendor/regions/:region/clusters/:cluster';
