// ConfigMap and Secret calls: the full object in, keys (never Secret values) out.
import { z } from 'zod';
import { registryServerPattern } from '../shared/form-patterns.js';
import {
  dataBytes,
  dataKeyPattern,
  maxConfigBytes,
  maxDataKeyLength,
  mountAnnotationProblem,
  requiredSecretKeys,
  secretTypes,
} from '../shared/config-mounts.js';
import { locationSchema } from './common.js';
import { objectMetaSchema } from './kube.js';
import { annotationMap, dnsLabel, labelMap } from './namespace-requests.js';

const dataKey = z
  .string()
  .min(1, 'Required')
  .max(maxDataKeyLength)
  .regex(dataKeyPattern, 'letters, digits, "-", "_" and "." only');
const dataMap = z.record(dataKey, z.string());
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');
const base64Map = z.record(dataKey, base64);

const mountChecked = annotationMap.superRefine((annotations, ctx) => {
  for (const [key, value] of Object.entries(annotations)) {
    const problem = mountAnnotationProblem(key, value);
    if (problem) ctx.addIssue({ code: 'custom', path: [key], message: problem });
  }
});

/** The namespace, when given, must be the one in the path: the handler checks it. */
const configMeta = z.object({
  name: dnsLabel,
  namespace: z.string().optional(),
  labels: labelMap.optional(),
  annotations: mountChecked.optional(),
});

function checkData(
  value: { data?: Record<string, string>; other?: Record<string, string> },
  otherField: string,
  ctx: z.RefinementCtx,
): void {
  for (const key of Object.keys(value.other ?? {})) {
    if (value.data && key in value.data) {
      ctx.addIssue({
        code: 'custom',
        path: [otherField, key],
        message: 'file names must not repeat',
      });
    }
  }
  if (dataBytes(value.data, value.other) > maxConfigBytes) {
    ctx.addIssue({ code: 'custom', path: ['data'], message: 'data exceeds 1 MiB' });
  }
}

export const configMapBody = z
  .object({
    apiVersion: z.literal('v1').optional(),
    kind: z.literal('ConfigMap').optional(),
    metadata: configMeta,
    data: dataMap.optional(),
    binaryData: base64Map.optional(),
    immutable: z.boolean().optional(),
  })
  .superRefine((value, ctx) =>
    checkData({ data: value.data, other: value.binaryData }, 'binaryData', ctx),
  );
export type ConfigMapInput = z.output<typeof configMapBody>;

export const secretTypeSchema = z.enum(secretTypes);

export const secretBody = z
  .object({
    apiVersion: z.literal('v1').optional(),
    kind: z.literal('Secret').optional(),
    metadata: configMeta,
    type: secretTypeSchema.default('Opaque'),
    data: base64Map.optional(),
    stringData: dataMap.optional(),
    immutable: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    checkData({ data: value.data, other: value.stringData }, 'stringData', ctx);
    const keys = new Set([
      ...Object.keys(value.data ?? {}),
      ...Object.keys(value.stringData ?? {}),
    ]);
    for (const key of requiredSecretKeys[value.type]) {
      if (!keys.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['data', key],
          message: `${value.type} needs ${key}`,
        });
      }
    }
  });
export type SecretInput = z.output<typeof secretBody>;

/**
 * A write-only change of a secret's values: keys set to new values and keys removed; every other
 * key keeps its value, which the caller never reads.
 */
export const secretValuesBody = z
  .object({
    set: dataMap.default({}),
    remove: z.array(dataKey).max(1000).default([]),
  })
  .superRefine((value, ctx) => {
    const keys = Object.keys(value.set);
    if (keys.length === 0 && value.remove.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['set'], message: 'set or remove at least one key' });
    }
    value.remove.forEach((key, index) => {
      if (key in value.set) {
        ctx.addIssue({ code: 'custom', path: ['remove', index], message: `${key} is also set` });
      }
    });
    if (dataBytes(value.set) > maxConfigBytes) {
      ctx.addIssue({ code: 'custom', path: ['set'], message: 'at most 1 MiB in all' });
    }
  });
export type SecretValuesInput = z.output<typeof secretValuesBody>;

/** An image-registry secret (kubernetes.io/dockerconfigjson) built from its parts. */
export const registrySecretBody = z.object({
  name: dnsLabel,
  server: z.string().trim().min(1, 'Required').max(253).regex(registryServerPattern, {
    message: 'a registry host such as registry.example.com or host:5000',
  }),
  username: z.string().trim().min(1, 'Required').max(253),
  password: z.string().min(1, 'Required').max(4096),
  email: z.string().trim().max(253).optional(),
  labels: labelMap.optional(),
  annotations: mountChecked.optional(),
});
export type RegistrySecretInput = z.output<typeof registrySecretBody>;

/**
 * An image-registry secret made from a registry of the cluster's organization: the operator
 * writes that registry's login, which the caller never sees.
 */
export const registryPullSecretBody = z.object({
  name: dnsLabel,
  registryId: z.string().trim().min(1, 'Required').max(253),
  labels: labelMap.optional(),
});
export type RegistryPullSecretInput = z.output<typeof registryPullSecretBody>;

export const configParams = locationSchema.extend({ namespace: dnsLabel });
export const configNameParams = configParams.extend({ name: dnsLabel });
export const namespacePathParams = z.object({ namespace: dnsLabel });
export const namedInNamespace = namespacePathParams.extend({ name: dnsLabel });

/** A ConfigMap or Secret in a list: metadata, type and data keys; never a Secret's values. */
export const configItemSchema = z.object({
  metadata: objectMetaSchema.extend({ name: z.string() }),
  type: z.string().optional(),
  keys: z.array(z.string()),
});
export const configItemsSchema = z.object({ items: z.array(configItemSchema) });
export type ConfigItem = z.output<typeof configItemSchema>;
