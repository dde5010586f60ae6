// What callers may send to the node routes, checked with Kubernetes' own syntax rules so a bad
// label is refused here with a readable message rather than by the member.
import { z } from 'zod';
import {
  dnsSubdomain,
  isLabelValue,
  isQualifiedName,
  labelValueRule,
  qualifiedNameRule,
} from '../shared/names.js';
import { taintEffects } from '../shared/nodes.js';

export const qualifiedKey = z.string().refine(isQualifiedName, { message: qualifiedNameRule });
export const labelValue = z.string().refine(isLabelValue, { message: labelValueRule });

/** The member's limit on all annotations of one object together. */
const annotationBytes = 256 * 1024;
const utf8Length = (text: string) => new TextEncoder().encode(text).length;

// Keys are checked here rather than by a key schema: zod reports a bad record key only as
// "Invalid key in record", without the rule the person needs.
function keyedMap<V extends z.ZodType<string>>(value: V) {
  return z.record(z.string(), value).superRefine((map, ctx) => {
    for (const key of Object.keys(map)) {
      if (!isQualifiedName(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: qualifiedNameRule });
      }
    }
  });
}

export const labelsSchema = keyedMap(labelValue);
export const annotationsSchema = keyedMap(z.string()).refine(
  (map) =>
    Object.entries(map).reduce((n, [k, v]) => n + utf8Length(k) + utf8Length(v), 0) <=
    annotationBytes,
  { message: 'annotations may hold at most 256 KiB together' },
);

export const taintSchema = z.object({
  key: qualifiedKey,
  value: labelValue.optional(),
  effect: z.enum(taintEffects, {
    message: 'must be one of NoSchedule, PreferNoSchedule or NoExecute',
  }),
});

export const taintsSchema = z
  .array(taintSchema)
  .max(100)
  .refine(
    (taints) => new Set(taints.map((t) => `${t.key}\u0000${t.effect}`)).size === taints.length,
    { message: 'each key and effect may be given only once' },
  );

export const nodeMetadataBody = z
  .object({
    labels: labelsSchema.optional(),
    annotations: annotationsSchema.optional(),
    taints: taintsSchema.optional(),
  })
  .refine((b) => b.labels !== undefined || b.annotations !== undefined || b.taints !== undefined, {
    message: 'give labels, annotations or taints',
  });
export type NodeMetadataBody = z.output<typeof nodeMetadataBody>;

export const nodeName = z
  .string()
  .max(253)
  .regex(dnsSubdomain, 'must be a node name (lowercase letters, digits, - and .)');

export const cordonQuery = z.object({
  unschedulable: z.enum(['true', 'false'], { message: 'must be true or false' }),
});

export const nodePodsQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(4096).optional(),
});
