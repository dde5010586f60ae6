// The pod template of the shared application form: containers, the volumes their config map and
// secret mounts need, probes, host aliases, affinity and tolerations, in Kubernetes' field names.
import type { ApplicationInput, ContainerInput, PodAffinityRule } from '@nimbus/api';

type Json = Record<string, unknown>;
type Probe = NonNullable<ContainerInput['livenessProbe']>;
type VolumeMount = ContainerInput['volumeMounts'][number];

/** Drops undefined fields and empty lists so the manifest says only what the form set. */
export function compact(object: Json): Json {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0),
    ),
  );
}

/** One volume per referenced config map or secret, shared by every container that mounts it. */
export function volumeNameOf(mount: Pick<VolumeMount, 'source' | 'sourceName'>): string {
  const prefix = mount.source === 'configMap' ? 'cm' : 'secret';
  return `${prefix}-${mount.sourceName}`.slice(0, 63).replace(/-+$/, '');
}

function probeOf(probe: Probe | undefined): Json | undefined {
  if (!probe) return undefined;
  const action =
    probe.type === 'exec'
      ? { exec: { command: probe.command } }
      : probe.type === 'httpGet'
        ? { httpGet: { path: probe.path || '/', port: probe.port } }
        : { tcpSocket: { port: probe.port } };
  return compact({
    ...action,
    initialDelaySeconds: probe.initialDelaySeconds,
    periodSeconds: probe.periodSeconds,
    timeoutSeconds: probe.timeoutSeconds,
  });
}

function resourcesOf(resources: ContainerInput['resources']): Json | undefined {
  if (!resources) return undefined;
  const list = (values: { cpu?: string | undefined; memory?: string | undefined } | undefined) => {
    const entries = compact({ cpu: values?.cpu || undefined, memory: values?.memory || undefined });
    return Object.keys(entries).length > 0 ? entries : undefined;
  };
  const built = compact({ requests: list(resources.requests), limits: list(resources.limits) });
  return Object.keys(built).length > 0 ? built : undefined;
}

/** The form keeps a reference beside the name; Kubernetes wants it under valueFrom. */
function envOf(entry: ContainerInput['env'][number]): Json {
  if ('value' in entry) return { name: entry.name, value: entry.value };
  if ('configMapKeyRef' in entry) {
    return { name: entry.name, valueFrom: { configMapKeyRef: entry.configMapKeyRef } };
  }
  return { name: entry.name, valueFrom: { secretKeyRef: entry.secretKeyRef } };
}

export function containerOf(container: ContainerInput): Json {
  return compact({
    name: container.name,
    image: container.image,
    imagePullPolicy: container.imagePullPolicy,
    command: container.command,
    args: container.args,
    ports: container.ports,
    env: container.env.map(envOf),
    volumeMounts: container.volumeMounts.map((mount) =>
      compact({
        name: volumeNameOf(mount),
        mountPath: mount.mountPath,
        subPath: mount.subPath || undefined,
        readOnly: mount.readOnly,
      }),
    ),
    resources: resourcesOf(container.resources),
    livenessProbe: probeOf(container.livenessProbe),
    readinessProbe: probeOf(container.readinessProbe),
  });
}

export function volumesOf(containers: readonly ContainerInput[]): Json[] {
  const volumes = new Map<string, Json>();
  for (const mount of containers.flatMap((container) => container.volumeMounts)) {
    const name = volumeNameOf(mount);
    if (volumes.has(name)) continue;
    volumes.set(
      name,
      mount.source === 'configMap'
        ? { name, configMap: { name: mount.sourceName } }
        : { name, secret: { secretName: mount.sourceName } },
    );
  }
  return [...volumes.values()];
}

const expressionOf = (rule: {
  expression: ApplicationInput['nodeAffinity'][number]['expression'];
}) => compact({ ...rule.expression });

function nodeAffinityOf(rules: ApplicationInput['nodeAffinity']): Json | undefined {
  if (rules.length === 0) return undefined;
  const required = rules.filter((rule) => rule.required);
  const preferred = rules.filter((rule) => !rule.required);
  return compact({
    // One term holding every required expression: all must hold (terms would be ORed).
    requiredDuringSchedulingIgnoredDuringExecution:
      required.length > 0
        ? { nodeSelectorTerms: [{ matchExpressions: required.map(expressionOf) }] }
        : undefined,
    preferredDuringSchedulingIgnoredDuringExecution: preferred.map((rule) => ({
      weight: rule.weight ?? 1,
      preference: { matchExpressions: [expressionOf(rule)] },
    })),
  });
}

function podAffinityOf(rules: readonly PodAffinityRule[]): Json | undefined {
  if (rules.length === 0) return undefined;
  const term = (rule: PodAffinityRule) => ({
    labelSelector: { matchExpressions: [expressionOf(rule)] },
    topologyKey: rule.topologyKey,
  });
  return compact({
    requiredDuringSchedulingIgnoredDuringExecution: rules.filter((r) => r.required).map(term),
    preferredDuringSchedulingIgnoredDuringExecution: rules
      .filter((r) => !r.required)
      .map((rule) => ({ weight: rule.weight ?? 1, podAffinityTerm: term(rule) })),
  });
}

export function affinityOf(app: ApplicationInput): Json | undefined {
  const affinity = compact({
    nodeAffinity: nodeAffinityOf(app.nodeAffinity),
    podAffinity: podAffinityOf(app.podAffinity),
    podAntiAffinity: podAffinityOf(app.podAntiAffinity),
  });
  return Object.keys(affinity).length > 0 ? affinity : undefined;
}

/** The pod spec; `restartPolicy` is the Job template's (a Job's pods may not restart Always). */
export function podSpecOf(app: ApplicationInput, restartPolicy?: 'OnFailure'): Json {
  return compact({
    containers: app.containers.map(containerOf),
    volumes: volumesOf(app.containers),
    imagePullSecrets: app.imagePullSecrets.map((name) => ({ name })),
    terminationGracePeriodSeconds: app.terminationGracePeriodSeconds,
    hostAliases: app.hostAliases,
    affinity: affinityOf(app),
    tolerations: app.tolerations.map((toleration) =>
      // Kubernetes refuses a value beside operator Exists.
      compact({
        ...toleration,
        value: toleration.operator === 'Exists' ? undefined : toleration.value,
      }),
    ),
    restartPolicy,
  });
}
