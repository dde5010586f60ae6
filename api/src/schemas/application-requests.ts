// The shared application form's model: what the console sends to
// create a Deployment, StatefulSet, DaemonSet or CronJob with an optional Service, Ingress and
// HorizontalPodAutoscaler. The operator builds the manifests from it; every bound here is one a
// person should read before the member's API server refuses.
import { z } from 'zod';
import { absolutePathPattern } from '../shared/form-patterns.js';
import { applicationKinds, autoscaleKinds, replicatedKinds } from '../shared/applications.js';
import { isCronSchedule } from '../shared/cron.js';
import { maxReplicas } from '../shared/workloads.js';
import { annotationMap, cpuMemory, dnsLabel, labelMap } from './namespace-requests.js';
import { envName, imageReference } from './workload-requests.js';
import { servicePortInput } from './network-requests.js';

const count = (max: number) => z.number().int('a whole number').min(0).max(max);
const seconds = count(31_536_000);
const port = z.number().int('a whole number').min(1).max(65_535);
const shortText = z.string().trim().min(1, 'Required').max(253);

const keyRef = z.strictObject({ name: dnsLabel, key: shortText });

/** A name plus a value, or a key of a config map or secret (names and values trimmed). */
export const envEntryInput = z.union([
  z.strictObject({ name: envName, value: z.string().trim().max(32_768) }),
  z.strictObject({ name: envName, configMapKeyRef: keyRef }),
  z.strictObject({ name: envName, secretKeyRef: keyRef }),
]);

export const volumeMountInput = z.strictObject({
  source: z.enum(['configMap', 'secret']),
  sourceName: dnsLabel,
  mountPath: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(1024)
    .regex(absolutePathPattern, 'an absolute path'),
  subPath: z.string().trim().max(253).optional(),
  readOnly: z.boolean().default(true),
});

export const probeInput = z
  .strictObject({
    type: z.enum(['httpGet', 'tcpSocket', 'exec']),
    path: z.string().trim().max(1024).optional(),
    port: port.optional(),
    command: z.array(z.string().max(4096)).max(50).optional(),
    initialDelaySeconds: count(3600).optional(),
    periodSeconds: z.number().int().min(1).max(3600).optional(),
    timeoutSeconds: z.number().int().min(1).max(3600).optional(),
  })
  .refine((p) => p.type === 'exec' || p.port !== undefined, {
    message: 'Required',
    path: ['port'],
  })
  .refine((p) => p.type !== 'exec' || (p.command?.length ?? 0) > 0, {
    message: 'Required',
    path: ['command'],
  });

export const containerInput = z.strictObject({
  name: dnsLabel,
  image: imageReference,
  imagePullPolicy: z.enum(['Always', 'IfNotPresent', 'Never']).optional(),
  command: z.array(z.string().max(4096)).max(50).default([]),
  args: z.array(z.string().max(4096)).max(100).default([]),
  ports: z
    .array(z.strictObject({ containerPort: port, protocol: z.enum(['TCP', 'UDP']).default('TCP') }))
    .max(20)
    .default([]),
  env: z
    .array(envEntryInput)
    .max(200)
    .default([])
    .refine((env) => new Set(env.map((e) => e.name)).size === env.length, 'each name once'),
  volumeMounts: z.array(volumeMountInput).max(50).default([]),
  resources: z
    .strictObject({ requests: cpuMemory.optional(), limits: cpuMemory.optional() })
    .optional(),
  livenessProbe: probeInput.optional(),
  readinessProbe: probeInput.optional(),
});
export type ContainerInput = z.output<typeof containerInput>;

const matchExpression = z
  .strictObject({
    key: shortText,
    operator: z.enum(['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt']),
    values: z.array(z.string().trim().max(63)).max(50).default([]),
  })
  .refine((e) => ['Exists', 'DoesNotExist'].includes(e.operator) === (e.values.length === 0), {
    message: 'In, NotIn, Gt and Lt need values; Exists and DoesNotExist take none',
    path: ['values'],
  });

/** A rule is required (must hold to schedule) or preferred with a weight 1..100. */
const ruleKind = { required: z.boolean().default(true), weight: z.number().int().min(1).max(100) };

export const nodeAffinityRule = z.strictObject({
  ...ruleKind,
  weight: ruleKind.weight.optional(),
  expression: matchExpression,
});
export const podAffinityRule = z.strictObject({
  ...ruleKind,
  weight: ruleKind.weight.optional(),
  topologyKey: shortText.default('kubernetes.io/hostname'),
  expression: matchExpression,
});
export type PodAffinityRule = z.output<typeof podAffinityRule>;

export const tolerationInput = z
  .strictObject({
    key: z.string().trim().max(253).optional(),
    operator: z.enum(['Equal', 'Exists']).default('Equal'),
    value: z.string().trim().max(63).optional(),
    effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']).optional(),
    tolerationSeconds: seconds.optional(),
  })
  .refine((t) => t.operator === 'Exists' || Boolean(t.key), {
    message: 'Required',
    path: ['key'],
  });

export const hostAliasInput = z.strictObject({
  ip: z.union([z.ipv4(), z.ipv6()]),
  hostnames: z.array(shortText).min(1).max(20),
});

export const autoscaleInput = z
  .strictObject({
    minReplicas: z.number().int().min(1).max(maxReplicas),
    maxReplicas: z.number().int().min(1).max(maxReplicas),
    cpuUtilization: z.number().int().min(1).max(1000).optional(),
    memoryUtilization: z.number().int().min(1).max(1000).optional(),
  })
  .refine((a) => a.minReplicas <= a.maxReplicas, {
    message: 'the minimum must not exceed the maximum',
    path: ['maxReplicas'],
  })
  .refine((a) => a.cpuUtilization !== undefined || a.memoryUtilization !== undefined, {
    message: 'set a CPU or a memory threshold',
    path: ['cpuUtilization'],
  });
export type AutoscaleInput = z.output<typeof autoscaleInput>;

export const applicationServiceInput = z
  .strictObject({
    type: z.enum(['ClusterIP', 'NodePort', 'LoadBalancer']),
    ports: z.array(servicePortInput).min(1).max(20),
    useIngress: z.boolean().default(false),
    ingressHost: z.string().trim().max(253).optional(),
  })
  .refine((s) => s.type !== 'ClusterIP' || s.ports.every((p) => p.nodePort === undefined), {
    message: 'a ClusterIP service has no node port',
    path: ['ports'],
  })
  .refine((s) => new Set(s.ports.map((p) => `${p.protocol}/${p.port}`)).size === s.ports.length, {
    message: 'each port once',
    path: ['ports'],
  });
export type ApplicationServiceInput = z.output<typeof applicationServiceInput>;

export const cronJobInput = z.strictObject({
  schedule: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(100)
    .refine(isCronSchedule, 'standard crontab: minute hour day-of-month month day-of-week'),
  concurrencyPolicy: z.enum(['Allow', 'Forbid', 'Replace']).default('Allow'),
  startingDeadlineSeconds: seconds.optional(),
  suspend: z.boolean().default(false),
  successfulJobsHistoryLimit: count(100).optional(),
  failedJobsHistoryLimit: count(100).optional(),
  activeDeadlineSeconds: z.number().int().min(1).max(31_536_000).optional(),
  backoffLimit: count(100).optional(),
  parallelism: count(maxReplicas).optional(),
  completions: count(maxReplicas).optional(),
});

export const applicationBody = z
  .strictObject({
    kind: z.enum(applicationKinds),
    name: dnsLabel,
    labels: labelMap.optional(),
    annotations: annotationMap.optional(),
    replicas: count(maxReplicas).optional(),
    terminationGracePeriodSeconds: seconds.optional(),
    podManagementPolicy: z.enum(['OrderedReady', 'Parallel']).optional(),
    updateStrategy: z
      .strictObject({
        type: z.enum(['RollingUpdate', 'OnDelete']),
        partition: count(maxReplicas).optional(),
      })
      .optional(),
    cronJob: cronJobInput.optional(),
    containers: z
      .array(containerInput)
      .min(1, 'add a container')
      .max(20)
      .refine((c) => new Set(c.map((x) => x.name)).size === c.length, 'each container name once'),
    hostAliases: z.array(hostAliasInput).max(50).default([]),
    /** Secrets of the namespace the kubelet pulls the containers' images with. */
    imagePullSecrets: z
      .array(dnsLabel)
      .max(20)
      .default([])
      .refine((names) => new Set(names).size === names.length, 'each secret once'),
    nodeAffinity: z.array(nodeAffinityRule).max(20).default([]),
    podAffinity: z.array(podAffinityRule).max(20).default([]),
    podAntiAffinity: z.array(podAffinityRule).max(20).default([]),
    tolerations: z.array(tolerationInput).max(20).default([]),
    autoscale: autoscaleInput.optional(),
    service: applicationServiceInput.optional(),
  })
  .superRefine((app, ctx) => {
    const fail = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (app.kind === 'CronJob' && !app.cronJob) fail('cronJob', 'a CronJob needs a schedule');
    if (app.kind !== 'CronJob' && app.cronJob) fail('cronJob', `a ${app.kind} has no schedule`);
    if (app.autoscale && !(autoscaleKinds as readonly string[]).includes(app.kind)) {
      fail('autoscale', 'only a Deployment or StatefulSet scales automatically');
    }
    if (app.replicas !== undefined && !(replicatedKinds as readonly string[]).includes(app.kind)) {
      fail('replicas', `a ${app.kind} has no replicas`);
    }
    if (app.podManagementPolicy && app.kind !== 'StatefulSet') {
      fail('podManagementPolicy', 'only a StatefulSet has a pod management policy');
    }
    if (app.updateStrategy && !['StatefulSet', 'DaemonSet'].includes(app.kind)) {
      fail('updateStrategy', 'only a StatefulSet or DaemonSet has this update strategy');
    }
    if (app.updateStrategy?.partition !== undefined && app.kind !== 'StatefulSet') {
      fail('updateStrategy', 'only a StatefulSet has a partition');
    }
    if (app.service && app.kind === 'CronJob') fail('service', 'a CronJob serves no Service');
  });
export type ApplicationInput = z.output<typeof applicationBody>;

/** What the create call answers: the objects it made, in the order it made them. */
export const applicationCreatedSchema = z.object({
  namespace: z.string(),
  objects: z.array(z.object({ apiVersion: z.string(), kind: z.string(), name: z.string() })),
});
export type ApplicationCreated = z.output<typeof applicationCreatedSchema>;

/** Scale automatically: set (create or replace) the workload's HPA, or remove it with DELETE. */
export const autoscaleBody = autoscaleInput;

/** The workload's HPA as the form shows it; null when the workload does not scale itself. */
export const autoscaleViewSchema = z
  .object({
    name: z.string(),
    minReplicas: z.number().int(),
    maxReplicas: z.number().int(),
    cpuUtilization: z.number().int().optional(),
    memoryUtilization: z.number().int().optional(),
  })
  .nullable();
export type AutoscaleView = z.output<typeof autoscaleViewSchema>;
