// The shared application form's values (text where a person types lists) and the create call's
// body built from them: empty fields are left out, lists split and trimmed.
import type { BodyFor, ClusterLocation } from '@nimbus/api';
import type { ApplicationKind } from '@nimbus/api/shared';

/** Where the application goes: the cluster and namespace its config sources are listed in. */
export interface NamespaceScope {
  cluster: string;
  namespace: string;
}

export type ApplicationBody = BodyFor<'createApplication'>;
type ContainerBody = ApplicationBody['containers'][number];
type ProbeBody = NonNullable<ContainerBody['livenessProbe']>;
type EnvBody = NonNullable<ContainerBody['env']>[number];

export interface ProbeValues {
  type?: 'none' | ProbeBody['type'];
  path?: string;
  port?: number;
  commandText?: string;
  initialDelaySeconds?: number;
  periodSeconds?: number;
  timeoutSeconds?: number;
}

export interface EnvValues {
  name?: string;
  source?: 'value' | 'configMap' | 'secret';
  value?: string;
  refName?: string;
  refKey?: string;
}

export interface MountValues {
  source?: 'configMap' | 'secret';
  sourceName?: string;
  mountPath?: string;
  subPath?: string;
  readOnly?: boolean;
}

type Quantities = { cpu?: string; memory?: string };

export interface ContainerValues {
  name?: string;
  image?: string;
  /** The registry the image was chosen from (or split into); it decides the pull secret. */
  registryId?: string;
  commandText?: string;
  argsText?: string;
  containerPort?: number;
  env?: EnvValues[];
  mounts?: MountValues[];
  requests?: Quantities;
  limits?: Quantities;
  liveness?: ProbeValues;
  readiness?: ProbeValues;
}

export interface RuleValues {
  required?: boolean;
  weight?: number;
  topologyKey?: string;
  key?: string;
  operator?: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';
  valuesText?: string;
}

export interface TolerationValues {
  key?: string;
  operator?: 'Equal' | 'Exists';
  value?: string;
  effect?: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
  tolerationSeconds?: number;
}

export interface CronValues {
  schedule?: string;
  concurrencyPolicy?: 'Allow' | 'Forbid' | 'Replace';
  startingDeadlineSeconds?: number;
  suspend?: boolean;
  activeDeadlineSeconds?: number;
  backoffLimit?: number;
  parallelism?: number;
  completions?: number;
  successfulJobsHistoryLimit?: number;
  failedJobsHistoryLimit?: number;
}

export interface AutoscaleValues {
  minReplicas?: number;
  maxReplicas?: number;
  cpuUtilization?: number;
  memoryUtilization?: number;
}

export interface ApplicationFormValues {
  kind?: ApplicationKind;
  location?: ClusterLocation;
  namespace?: string;
  name?: string;
  labelsText?: string;
  annotationsText?: string;
  replicas?: number;
  terminationGracePeriodSeconds?: number;
  podManagementPolicy?: 'OrderedReady' | 'Parallel';
  updateStrategy?: 'RollingUpdate' | 'OnDelete';
  partition?: number;
  cron?: CronValues;
  hostAliases?: { ip?: string; hostnamesText?: string }[];
  nodeAffinity?: RuleValues[];
  podAffinity?: RuleValues[];
  podAntiAffinity?: RuleValues[];
  tolerations?: TolerationValues[];
  autoscaleEnabled?: boolean;
  autoscale?: AutoscaleValues;
}

export type ServiceChoice = 'None' | 'ClusterIP' | 'NodePort' | 'LoadBalancer';

export interface ServiceValues {
  type: ServiceChoice;
  ports?: { port?: number; targetPort?: number; nodePort?: number; protocol?: 'TCP' | 'UDP' }[];
  useIngress?: boolean;
  ingressHost?: string;
}

const text = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** One item per line, blank lines dropped: commands and arguments may hold spaces. */
export const lines = (value: string | undefined): string[] =>
  (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Comma- or space-separated items. */
export const items = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[,\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** Each line split at the first ':' into key and value, both trimmed; empty lines ignored. */
export function keyValueLines(value: string | undefined): Record<string, string> | undefined {
  const entries = lines(value).map((line) => {
    const colon = line.indexOf(':');
    return colon === -1
      ? [line.trim(), '']
      : [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Leaves out undefined fields so the body says only what the form set. */
function defined<T extends object>(object: T): T {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== null),
  ) as T;
}

function probeBody(probe: ProbeValues | undefined): ProbeBody | undefined {
  if (!probe?.type || probe.type === 'none') return undefined;
  return defined({
    type: probe.type,
    path: probe.type === 'httpGet' ? text(probe.path) : undefined,
    port: probe.type === 'exec' ? undefined : probe.port,
    command: probe.type === 'exec' ? lines(probe.commandText) : undefined,
    initialDelaySeconds: probe.initialDelaySeconds,
    periodSeconds: probe.periodSeconds,
    timeoutSeconds: probe.timeoutSeconds,
  });
}

function envBody(entry: EnvValues): EnvBody {
  const name = entry.name?.trim() ?? '';
  if (entry.source === 'configMap' || entry.source === 'secret') {
    const ref = { name: entry.refName?.trim() ?? '', key: entry.refKey?.trim() ?? '' };
    return entry.source === 'configMap'
      ? { name, configMapKeyRef: ref }
      : { name, secretKeyRef: ref };
  }
  return { name, value: entry.value?.trim() ?? '' };
}

const quantities = (values: Quantities | undefined) => {
  const built = defined({ cpu: text(values?.cpu), memory: text(values?.memory) });
  return Object.keys(built).length > 0 ? built : undefined;
};

export function containerBody(values: ContainerValues): ContainerBody {
  const requests = quantities(values.requests);
  const limits = quantities(values.limits);
  return defined({
    name: values.name?.trim() ?? '',
    image: values.image?.trim() ?? '',
    command: lines(values.commandText),
    args: lines(values.argsText),
    ports: values.containerPort ? [{ containerPort: values.containerPort }] : [],
    env: (values.env ?? []).map(envBody),
    volumeMounts: (values.mounts ?? []).map((mount) =>
      defined({
        source: mount.source ?? 'configMap',
        sourceName: mount.sourceName?.trim() ?? '',
        mountPath: mount.mountPath?.trim() ?? '',
        subPath: text(mount.subPath),
        readOnly: mount.readOnly ?? true,
      }),
    ),
    resources: requests || limits ? defined({ requests, limits }) : undefined,
    livenessProbe: probeBody(values.liveness),
    readinessProbe: probeBody(values.readiness),
  });
}

function ruleBody(rule: RuleValues, withTopology: boolean) {
  const required = rule.required ?? true;
  return defined({
    required,
    weight: required ? undefined : (rule.weight ?? 1),
    topologyKey: withTopology ? text(rule.topologyKey) : undefined,
    expression: {
      key: rule.key?.trim() ?? '',
      operator: rule.operator ?? 'In',
      values: items(rule.valuesText),
    },
  });
}

function cronBody(cron: CronValues | undefined): ApplicationBody['cronJob'] {
  return defined({ ...cron, schedule: cron?.schedule?.trim() ?? '' });
}

function serviceBody(service: ServiceValues | undefined): ApplicationBody['service'] {
  if (!service || service.type === 'None') return undefined;
  return {
    type: service.type,
    ports: (service.ports ?? []).map((port) =>
      defined({
        protocol: port.protocol ?? 'TCP',
        port: port.port ?? 0,
        targetPort: port.targetPort ?? port.port ?? 0,
        nodePort: service.type === 'ClusterIP' ? undefined : (port.nodePort ?? undefined),
      }),
    ),
    useIngress: service.useIngress ?? false,
    ...(service.useIngress && text(service.ingressHost)
      ? { ingressHost: text(service.ingressHost) }
      : {}),
  };
}

const replicated = (kind: ApplicationKind) => kind === 'Deployment' || kind === 'StatefulSet';
const rolling = (kind: ApplicationKind) => kind === 'StatefulSet' || kind === 'DaemonSet';

/** The create call's body; the server checks it again (same contract). */
export function applicationBody(
  values: ApplicationFormValues,
  containers: readonly ContainerValues[],
  service: ServiceValues | undefined,
): ApplicationBody {
  const kind = values.kind ?? 'Deployment';
  return defined({
    kind,
    name: values.name?.trim() ?? '',
    labels: keyValueLines(values.labelsText),
    annotations: keyValueLines(values.annotationsText),
    replicas: replicated(kind) ? values.replicas : undefined,
    terminationGracePeriodSeconds: values.terminationGracePeriodSeconds,
    podManagementPolicy: kind === 'StatefulSet' ? values.podManagementPolicy : undefined,
    updateStrategy:
      rolling(kind) && values.updateStrategy
        ? defined({
            type: values.updateStrategy,
            partition:
              kind === 'StatefulSet' && values.updateStrategy === 'RollingUpdate'
                ? values.partition
                : undefined,
          })
        : undefined,
    cronJob: kind === 'CronJob' ? cronBody(values.cron) : undefined,
    containers: containers.map(containerBody),
    hostAliases: (values.hostAliases ?? []).map((alias) => ({
      ip: alias.ip?.trim() ?? '',
      hostnames: items(alias.hostnamesText),
    })),
    nodeAffinity: (values.nodeAffinity ?? []).map((rule) => ruleBody(rule, false)),
    podAffinity: (values.podAffinity ?? []).map((rule) => ruleBody(rule, true)),
    podAntiAffinity: (values.podAntiAffinity ?? []).map((rule) => ruleBody(rule, true)),
    tolerations: (values.tolerations ?? []).map((toleration) =>
      defined({ ...toleration, key: text(toleration.key), value: text(toleration.value) }),
    ),
    autoscale:
      replicated(kind) && values.autoscaleEnabled && values.autoscale
        ? {
            minReplicas: values.autoscale.minReplicas ?? 1,
            maxReplicas: values.autoscale.maxReplicas ?? 1,
            ...defined({
              cpuUtilization: values.autoscale.cpuUtilization,
              memoryUtilization: values.autoscale.memoryUtilization,
            }),
          }
        : undefined,
    service: kind === 'CronJob' ? undefined : serviceBody(service),
  });
}
