// Pure builders: the shared application form's model → the manifests created on the member (the
// workload, then an optional Service, Ingress and HorizontalPodAutoscaler), in creation order.
import type { ApplicationInput, ApplicationServiceInput, AutoscaleInput } from '@nimbus/api';
import { compact, podSpecOf } from './pod-template.js';

type Json = Record<string, unknown>;

export interface Manifest {
  apiVersion: string;
  kind: string;
  /** The member's collection below /api/v1 or /apis/<group>/<version>. */
  plural: string;
  metadata: { name: string; namespace: string; labels?: Record<string, string> } & Json;
  spec: Json;
}

/** The label that ties the pods to their workload, Service and the console's pod lists. */
export const selectorLabel = 'app.kubernetes.io/name';

export const apiPathOf = (apiVersion: string): string =>
  apiVersion === 'v1' ? '/api/v1' : `/apis/${apiVersion}`;

function metadataOf(app: ApplicationInput, namespace: string): Manifest['metadata'] {
  return {
    name: app.name,
    namespace,
    labels: { ...app.labels, [selectorLabel]: app.name },
    ...(app.annotations && Object.keys(app.annotations).length > 0
      ? { annotations: app.annotations }
      : {}),
  };
}

function templateOf(app: ApplicationInput, restartPolicy?: 'OnFailure'): Json {
  return {
    metadata: { labels: { ...app.labels, [selectorLabel]: app.name } },
    spec: podSpecOf(app, restartPolicy),
  };
}

const selectorOf = (app: ApplicationInput) => ({ matchLabels: { [selectorLabel]: app.name } });

function updateStrategyOf(app: ApplicationInput): Json | undefined {
  const strategy = app.updateStrategy;
  if (!strategy) return undefined;
  if (strategy.type === 'OnDelete' || strategy.partition === undefined) {
    return { type: strategy.type };
  }
  return { type: 'RollingUpdate', rollingUpdate: { partition: strategy.partition } };
}

function workloadSpecOf(app: ApplicationInput): Pick<Manifest, 'apiVersion' | 'plural' | 'spec'> {
  switch (app.kind) {
    case 'Deployment':
      return {
        apiVersion: 'apps/v1',
        plural: 'deployments',
        spec: compact({
          replicas: app.replicas,
          selector: selectorOf(app),
          template: templateOf(app),
        }),
      };
    case 'StatefulSet':
      return {
        apiVersion: 'apps/v1',
        plural: 'statefulsets',
        spec: compact({
          // The governing Service a StatefulSet names; the form's Service carries this name.
          serviceName: app.name,
          replicas: app.replicas,
          podManagementPolicy: app.podManagementPolicy,
          updateStrategy: updateStrategyOf(app),
          selector: selectorOf(app),
          template: templateOf(app),
        }),
      };
    case 'DaemonSet':
      return {
        apiVersion: 'apps/v1',
        plural: 'daemonsets',
        spec: compact({
          updateStrategy: updateStrategyOf(app),
          selector: selectorOf(app),
          template: templateOf(app),
        }),
      };
    case 'CronJob': {
      const cron = app.cronJob;
      if (!cron) throw new Error('a CronJob without a schedule passed validation');
      return {
        apiVersion: 'batch/v1',
        plural: 'cronjobs',
        spec: compact({
          schedule: cron.schedule,
          concurrencyPolicy: cron.concurrencyPolicy,
          startingDeadlineSeconds: cron.startingDeadlineSeconds,
          suspend: cron.suspend,
          successfulJobsHistoryLimit: cron.successfulJobsHistoryLimit,
          failedJobsHistoryLimit: cron.failedJobsHistoryLimit,
          jobTemplate: {
            spec: compact({
              activeDeadlineSeconds: cron.activeDeadlineSeconds,
              backoffLimit: cron.backoffLimit,
              parallelism: cron.parallelism,
              completions: cron.completions,
              template: templateOf(app, 'OnFailure'),
            }),
          },
        }),
      };
    }
  }
}

export function workloadManifest(app: ApplicationInput, namespace: string): Manifest {
  const { apiVersion, plural, spec } = workloadSpecOf(app);
  return { apiVersion, kind: app.kind, plural, metadata: metadataOf(app, namespace), spec };
}

export function serviceManifest(
  app: ApplicationInput,
  service: ApplicationServiceInput,
  namespace: string,
): Manifest {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    plural: 'services',
    metadata: metadataOf(app, namespace),
    spec: {
      type: service.type,
      selector: { [selectorLabel]: app.name },
      ports: service.ports.map((port, index) =>
        compact({
          // Kubernetes needs a name on each port once there are several.
          name: port.name ?? (service.ports.length > 1 ? `port-${index + 1}` : undefined),
          protocol: port.protocol,
          port: port.port,
          targetPort: port.targetPort,
          nodePort: service.type === 'ClusterIP' ? undefined : port.nodePort,
        }),
      ),
    },
  };
}

/** "Use ingress": one rule sending every path of the host (or any host) to the first port. */
export function ingressManifest(
  app: ApplicationInput,
  service: ApplicationServiceInput,
  namespace: string,
): Manifest {
  const first = service.ports[0];
  const backend = { service: { name: app.name, port: { number: first?.port } } };
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    plural: 'ingresses',
    metadata: metadataOf(app, namespace),
    spec: {
      rules: [
        compact({
          host: service.ingressHost || undefined,
          http: { paths: [{ path: '/', pathType: 'Prefix', backend }] },
        }),
      ],
    },
  };
}

const utilisation = (name: 'cpu' | 'memory', averageUtilization: number) => ({
  type: 'Resource',
  resource: { name, target: { type: 'Utilization', averageUtilization } },
});

/** An autoscaling/v2 HPA of `kind`/`name` with CPU and memory utilisation targets. */
export function autoscalerManifest(
  target: { kind: string; name: string; namespace: string; labels?: Record<string, string> },
  autoscale: AutoscaleInput,
): Manifest {
  const metrics = [
    ...(autoscale.cpuUtilization === undefined
      ? []
      : [utilisation('cpu', autoscale.cpuUtilization)]),
    ...(autoscale.memoryUtilization === undefined
      ? []
      : [utilisation('memory', autoscale.memoryUtilization)]),
  ];
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    plural: 'horizontalpodautoscalers',
    metadata: compact({
      name: target.name,
      namespace: target.namespace,
      labels: target.labels,
    }) as Manifest['metadata'],
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: target.kind, name: target.name },
      minReplicas: autoscale.minReplicas,
      maxReplicas: autoscale.maxReplicas,
      metrics,
    },
  };
}

/** Everything the form creates, in order: the workload first, so nothing points at nothing. */
export function applicationManifests(app: ApplicationInput, namespace: string): Manifest[] {
  const manifests = [workloadManifest(app, namespace)];
  if (app.service) {
    manifests.push(serviceManifest(app, app.service, namespace));
    if (app.service.useIngress) manifests.push(ingressManifest(app, app.service, namespace));
  }
  if (app.autoscale) {
    manifests.push(
      autoscalerManifest(
        { kind: app.kind, name: app.name, namespace, labels: { [selectorLabel]: app.name } },
        app.autoscale,
      ),
    );
  }
  return manifests;
}

/** The object as the member's API takes it (without the builder's `plural`). */
export function bodyOf(manifest: Manifest): Json {
  const { plural: _plural, ...body } = manifest;
  return body;
}
