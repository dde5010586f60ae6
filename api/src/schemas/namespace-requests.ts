// Namespace, ResourceQuota and LimitRange input, checked before anything reaches a member so
// a person reads one clear message instead of the API server's.
import { z } from 'zod';
import { dnsLabelPattern, labelValuePattern, maxLabelValueLength } from '../shared/names.js';
import { quantityValue } from '../shared/quantity.js';

/** Resource names: a Kubernetes DNS-1123 label. */
export const dnsLabel = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(63, 'at most 63 characters')
  .regex(dnsLabelPattern, 'lowercase letters, digits and hyphens only');

/** A non-negative Kubernetes quantity (e.g. 500m, 2, 1.5Gi, 1e3). */
export const quantity = z
  .string()
  .trim()
  .max(64)
  .refine((value) => quantityValue(value) !== undefined, {
    message: 'must be a Kubernetes quantity such as 500m, 2, 512Mi or 1Gi',
  });

const labelKey = z
  .string()
  .max(317)
  .regex(
    /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/,
    'must be a Kubernetes label or annotation key',
  );
const labelValue = z
  .string()
  .max(maxLabelValueLength)
  .regex(labelValuePattern, 'must be a Kubernetes label value');

export const labelMap = z.record(labelKey, labelValue);
export const annotationMap = z
  .record(labelKey, z.string())
  .refine((map) => JSON.stringify(map).length <= 256 * 1024, 'annotations exceed 256 KiB');

export const cpuMemory = z.strictObject({ cpu: quantity.optional(), memory: quantity.optional() });
export type CpuMemory = z.output<typeof cpuMemory>;

const resourceList = z.record(z.string().regex(/^[a-z0-9A-Z./-]{1,253}$/), quantity);

const bounds = ['min', 'defaultRequest', 'default', 'max'] as const;
type Bound = (typeof bounds)[number];
type Bounded = Partial<Record<Bound, Record<string, string> | undefined>>;

/**
 * min ≤ defaultRequest ≤ default ≤ max for every resource named on both sides, the order
 * Kubernetes insists on; the message names both fields so the form can point at them.
 */
function checkOrder(item: Bounded, ctx: z.RefinementCtx, path: (string | number)[]): void {
  for (let i = 0; i < bounds.length; i += 1) {
    for (let j = i + 1; j < bounds.length; j += 1) {
      const low = bounds[i] as Bound;
      const high = bounds[j] as Bound;
      for (const [resource, lowText] of Object.entries(item[low] ?? {})) {
        const highText = item[high]?.[resource];
        if (highText === undefined) continue;
        const a = quantityValue(lowText);
        const b = quantityValue(highText);
        if (a !== undefined && b !== undefined && a > b) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, high, resource],
            message: `${low} ${resource} (${lowText}) must not exceed ${high} ${resource} (${highText})`,
          });
        }
      }
    }
  }
}

const podBounds = z.strictObject({ max: cpuMemory.optional(), min: cpuMemory.optional() });
const containerBounds = z.strictObject({
  max: cpuMemory.optional(),
  min: cpuMemory.optional(),
  default: cpuMemory.optional(),
  defaultRequest: cpuMemory.optional(),
});

/** The create form's limit range: Kubernetes has no default for type Pod, so none is offered. */
export const limitRangeInput = z
  .strictObject({ pod: podBounds.optional(), container: containerBounds.optional() })
  .superRefine((value, ctx) => {
    if (value.pod) checkOrder(value.pod, ctx, ['pod']);
    if (value.container) checkOrder(value.container, ctx, ['container']);
  });
export type LimitRangeInput = z.output<typeof limitRangeInput>;

export const createNamespaceBody = z.object({
  name: dnsLabel,
  labels: labelMap.optional(),
  annotations: annotationMap.optional(),
  resourceQuota: cpuMemory.optional(),
  limitRange: limitRangeInput.optional(),
});
export type CreateNamespaceInput = z.output<typeof createNamespaceBody>;

// The namespace, when given, must be the one in the path: the handler checks it.
const objectMeta = z.object({ name: dnsLabel, namespace: z.string().optional() });

export const quotaBody = z.object({
  metadata: objectMeta,
  spec: z.strictObject({
    hard: resourceList,
    scopes: z.array(z.string().max(63)).max(10).optional(),
  }),
});

const limitType = z.enum(['Pod', 'Container', 'PersistentVolumeClaim']);
const limitItem = z
  .strictObject({
    type: limitType,
    max: resourceList.optional(),
    min: resourceList.optional(),
    default: resourceList.optional(),
    defaultRequest: resourceList.optional(),
    maxLimitRequestRatio: resourceList.optional(),
  })
  .superRefine((item, ctx) => {
    if (item.type === 'Pod' && (item.default || item.defaultRequest)) {
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: 'Kubernetes supports no default or defaultRequest for type Pod',
      });
    }
    checkOrder(item, ctx, []);
  });

export const limitRangeBody = z.object({
  metadata: objectMeta,
  spec: z.strictObject({ limits: z.array(limitItem).min(1).max(10) }),
});

export const namespaceParam = z.object({ namespace: dnsLabel });
export const nameParam = z.object({ name: dnsLabel });
