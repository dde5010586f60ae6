// What callers may send to the node routes, checked with Kubernetes' own syntax rules so a bad
// label is refused here with a readable message rather than by the member.
import { z } from 'zod';

const nameChars = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const dnsSubdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const keyRule =
  "must be a name of at most 63 characters (letters, digits, '-', '_' or '.', starting and " +
  'ending with a letter or digit), optionally prefixed by a DNS subdomain of at most 253 ' +
  "characters and '/', e.g. example.com/tier";
const valueRule =
  "must be empty or at most 63 characters of letters, digits, '-', '_' or '.', starting and " +
  'ending with a letter or digit';

/** A qualified name: label, annotation and taint keys. */
export function isQualifiedName(key: string): boolean {
  const slash = key.indexOf('/');
  const prefix = slash === -1 ? undefined : key.slice(0, slash);
  const name = slash === -1 ? key : key.slice(slash + 1);
  if (prefix !== undefined && (prefix.length > 253 || !dnsSubdomain.test(prefix))) return false;
  return name.length <= 63 && nameChars.test(name);
}

export function isLabelValue(value: string): boolean {
  return value === '' || (value.length <= 63 && nameChars.test(value));
}

export const qualifiedKey = z.string().refine(isQualifiedName, { message: keyRule });
export const labelValue = z.string().refine(isLabelValue, { message: valueRule });

/** The member's limit on all annotations of one object together. */
const annotationBytes = 256 * 1024;

// Keys are checked here rather than by a key schema: zod reports a bad record key only as
// "Invalid key in record", without the rule the person needs.
function keyedMap<V extends z.ZodType<string>>(value: V) {
  return z.record(z.string(), value).superRefine((map, ctx) => {
    for (const key of Object.keys(map)) {
      if (!isQualifiedName(key)) ctx.addIssue({ code: 'custom', path: [key], message: keyRule });
    }
  });
}

export const labelsSchema = keyedMap(labelValue);
export const annotationsSchema = keyedMap(z.string()).refine(
  (map) =>
    Object.entries(map).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0) <=
    annotationBytes,
  { message: 'annotations may hold at most 256 KiB together' },
);

export const taintEffects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

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

export const nodeParam = z.object({
  node: z
    .string()
    .max(253)
    .regex(dnsSubdomain, 'must be a node name (lowercase letters, digits, - and .)'),
});

export const cordonQuery = z.object({
  unschedulable: z.enum(['true', 'false'], { message: 'must be true or false' }),
});

export const nodePodsQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(4096).optional(),
});
