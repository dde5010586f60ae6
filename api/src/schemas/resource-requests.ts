import { z } from 'zod';
import { objectNamePattern } from '../shared/form-patterns.js';
import { annotationMap, dnsLabel, labelMap } from './namespace-requests.js';

/** DNS-1123 subdomain: names of most Kubernetes objects (config maps, nodes, pods …). */
export const objectName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(253)
  .regex(objectNamePattern, 'lowercase letters, digits, hyphens and dots only');

const optionalPart = z.string().trim().max(253).optional();

const target = {
  vendor: optionalPart,
  region: optionalPart,
  cluster: optionalPart,
  name: objectName,
  namespace: dnsLabel.optional(),
  type: z.string().trim().min(1, 'Required').max(63),
};

export const annotationsBody = z.object({ ...target, annotations: annotationMap });
export const labelsBody = z.object({ ...target, labels: labelMap });

export const detailParams = z.object({ kind: z.string().max(63), name: objectName });
export const detailQuery = z.object({ namespace: dnsLabel.optional() });

export const labelsQuery = z.object({
  cluster: z.string().trim().max(253).optional(),
  namespace: z.string().trim().max(63).optional(),
  kind: z.string().trim().max(63).optional(),
  search: z.string().trim().max(317).optional(),
});
