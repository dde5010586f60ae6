import { z } from 'zod';
import { envNamePattern } from '../shared/form-patterns.js';
import { isImageReference, maxImageLength } from '../shared/images.js';
import {
  hotfixKinds,
  maxReplicas,
  rolloutKinds,
  scalableKinds,
  workloadKinds,
} from '../shared/workloads.js';
import { locationSchema } from './common.js';
import { dnsLabel } from './namespace-requests.js';
import { objectName } from './resource-requests.js';

const workloadParamsOf = <K extends readonly [string, ...string[]]>(kinds: K) =>
  locationSchema.extend({ namespace: dnsLabel, kind: z.enum(kinds), name: objectName });

export const workloadParams = workloadParamsOf(workloadKinds);
export const scaleParams = workloadParamsOf(scalableKinds);
export const rolloutParams = workloadParamsOf(rolloutKinds);
export const hotfixParams = workloadParamsOf(hotfixKinds);
export const cronJobParams = locationSchema.extend({ namespace: dnsLabel, name: objectName });
export type WorkloadAddress = z.output<typeof workloadParams>;

export const scaleBody = z.object({
  replicas: z.number().int('a whole number').min(0).max(maxReplicas),
});
export type ScaleBody = z.output<typeof scaleBody>;

export const rollbackBody = z.object({ revision: z.number().int().min(1) });
export type RollbackBody = z.output<typeof rollbackBody>;

export const imageReference = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(maxImageLength)
  .refine(isImageReference, 'the format is host/image:tag');

export const envName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(253)
  .regex(envNamePattern, 'letters, digits, "-", "_" and "." only');

/** Env names and values are trimmed. */
export const envEntry = z.object({ name: envName, value: z.string().trim().max(32_768) });

/**
 * A hotfix of one container: a new image, plain env values set (added or replaced by name) and
 * env entries removed by name. Anything else of the template stays as it is.
 */
export const hotfixBody = z
  .object({
    container: dnsLabel,
    image: imageReference.optional(),
    env: z.array(envEntry).max(200).default([]),
    removeEnv: z.array(envName).max(200).default([]),
  })
  .refine((b) => b.image !== undefined || b.env.length > 0 || b.removeEnv.length > 0, {
    message: 'change the image or the environment',
    path: ['image'],
  })
  .refine((b) => new Set(b.env.map((e) => e.name)).size === b.env.length, {
    message: 'each name once',
    path: ['env'],
  });
export type HotfixBody = z.output<typeof hotfixBody>;

export const suspendBody = z.object({ suspend: z.boolean() });

export const propagationPolicies = ['Background', 'Foreground', 'Orphan'] as const;
export const deleteWorkloadQuery = z.object({
  propagationPolicy: z.enum(propagationPolicies).default('Background'),
});
