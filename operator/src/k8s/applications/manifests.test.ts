import { applicationBody } from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import { applicationManifests, autoscalerManifest, bodyOf, workloadManifest } from './manifests.js';

const container = { name: 'web', image: 'registry.example.com/shop/web:1.2' };
const parse = (input: Record<string, unknown>) =>
  applicationBody.parse({ name: 'shop', containers: [container], ...input });

describe('workloadManifest', () => {
  it('builds a Deployment with replicas, selector, labels and annotations on object and pods', () => {
    const manifest = workloadManifest(
      parse({
        kind: 'Deployment',
        replicas: 2,
        labels: { team: 'a' },
        annotations: { note: 'x' },
        terminationGracePeriodSeconds: 15,
      }),
      'prod',
    );
    expect(bodyOf(manifest)).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'shop',
        namespace: 'prod',
        labels: { team: 'a', 'app.kubernetes.io/name': 'shop' },
        annotations: { note: 'x' },
      },
      spec: {
        replicas: 2,
        selector: { matchLabels: { 'app.kubernetes.io/name': 'shop' } },
        template: {
          metadata: { labels: { team: 'a', 'app.kubernetes.io/name': 'shop' } },
          spec: {
            containers: [{ name: 'web', image: 'registry.example.com/shop/web:1.2' }],
            terminationGracePeriodSeconds: 15,
          },
        },
      },
    });
    expect(manifest.plural).toBe('deployments');
  });

  it('puts a StatefulSet policy, strategy and partition where apps/v1 expects them', () => {
    const { spec } = workloadManifest(
      parse({
        kind: 'StatefulSet',
        replicas: 3,
        podManagementPolicy: 'Parallel',
        updateStrategy: { type: 'RollingUpdate', partition: 1 },
      }),
      'prod',
    );
    expect(spec).toMatchObject({
      serviceName: 'shop',
      replicas: 3,
      podManagementPolicy: 'Parallel',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } },
    });
    const onDelete = workloadManifest(
      parse({ kind: 'DaemonSet', updateStrategy: { type: 'OnDelete' } }),
      'prod',
    );
    expect(onDelete.spec.updateStrategy).toEqual({ type: 'OnDelete' });
    expect(onDelete.spec).not.toHaveProperty('replicas');
    expect(onDelete.plural).toBe('daemonsets');
  });

  it('builds a CronJob with its schedule, policies, limits and a Job template that restarts OnFailure', () => {
    const manifest = workloadManifest(
      parse({
        kind: 'CronJob',
        cronJob: {
          schedule: '0 2 * * *',
          concurrencyPolicy: 'Forbid',
          startingDeadlineSeconds: 60,
          suspend: true,
          successfulJobsHistoryLimit: 2,
          failedJobsHistoryLimit: 1,
          activeDeadlineSeconds: 600,
          backoffLimit: 4,
          parallelism: 2,
          completions: 3,
        },
      }),
      'prod',
    );
    expect(manifest.apiVersion).toBe('batch/v1');
    expect(manifest.plural).toBe('cronjobs');
    expect(manifest.spec).toMatchObject({
      schedule: '0 2 * * *',
      concurrencyPolicy: 'Forbid',
      startingDeadlineSeconds: 60,
      suspend: true,
      successfulJobsHistoryLimit: 2,
      failedJobsHistoryLimit: 1,
      jobTemplate: {
        spec: {
          activeDeadlineSeconds: 600,
          backoffLimit: 4,
          parallelism: 2,
          completions: 3,
          template: { spec: { restartPolicy: 'OnFailure' } },
        },
      },
    });
  });

  it('writes containers: command, args, ports, env refs, mounts, resources and probes', () => {
    const { spec } = workloadManifest(
      parse({
        kind: 'Deployment',
        containers: [
          {
            ...container,
            command: ['/bin/sh', '-c'],
            args: ['serve'],
            ports: [{ containerPort: 8080 }],
            env: [
              { name: ' MODE ', value: ' prod ' },
              { name: 'DB_HOST', configMapKeyRef: { name: 'db', key: 'host' } },
              { name: 'DB_PASSWORD', secretKeyRef: { name: 'db-creds', key: 'password' } },
            ],
            volumeMounts: [
              { source: 'configMap', sourceName: 'web-config', mountPath: '/etc/web' },
              { source: 'secret', sourceName: 'tls', mountPath: '/etc/tls', readOnly: true },
            ],
            resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '1' } },
            livenessProbe: { type: 'httpGet', path: '/healthz', port: 8080, periodSeconds: 10 },
            readinessProbe: {
              type: 'tcpSocket',
              port: 8080,
              initialDelaySeconds: 5,
              timeoutSeconds: 2,
            },
          },
          {
            name: 'sidecar',
            image: 'registry.example.com/shop/sidecar:1',
            volumeMounts: [{ source: 'configMap', sourceName: 'web-config', mountPath: '/cfg' }],
            livenessProbe: { type: 'exec', command: ['cat', '/tmp/ok'] },
          },
        ],
      }),
      'prod',
    );
    const pod = (spec.template as { spec: Record<string, unknown> }).spec;
    expect(pod.containers).toEqual([
      {
        name: 'web',
        image: 'registry.example.com/shop/web:1.2',
        command: ['/bin/sh', '-c'],
        args: ['serve'],
        ports: [{ containerPort: 8080, protocol: 'TCP' }],
        env: [
          { name: 'MODE', value: 'prod' },
          { name: 'DB_HOST', valueFrom: { configMapKeyRef: { name: 'db', key: 'host' } } },
          {
            name: 'DB_PASSWORD',
            valueFrom: { secretKeyRef: { name: 'db-creds', key: 'password' } },
          },
        ],
        volumeMounts: [
          { name: 'cm-web-config', mountPath: '/etc/web', readOnly: true },
          { name: 'secret-tls', mountPath: '/etc/tls', readOnly: true },
        ],
        resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '1' } },
        livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10 },
        readinessProbe: { tcpSocket: { port: 8080 }, initialDelaySeconds: 5, timeoutSeconds: 2 },
      },
      {
        name: 'sidecar',
        image: 'registry.example.com/shop/sidecar:1',
        volumeMounts: [{ name: 'cm-web-config', mountPath: '/cfg', readOnly: true }],
        livenessProbe: { exec: { command: ['cat', '/tmp/ok'] } },
      },
    ]);
    // One volume per source, however many containers mount it.
    expect(pod.volumes).toEqual([
      { name: 'cm-web-config', configMap: { name: 'web-config' } },
      { name: 'secret-tls', secret: { secretName: 'tls' } },
    ]);
  });

  it('names the pull secrets in the pod template of every kind, and refuses one named twice', () => {
    const templateOf = (kind: string) => {
      const { spec } = workloadManifest(
        parse({
          kind,
          imagePullSecrets: ['nimbus-registry-private', 'team-pull'],
          ...(kind === 'CronJob' ? { cronJob: { schedule: '*/5 * * * *' } } : {}),
        }),
        'prod',
      );
      const template =
        kind === 'CronJob'
          ? (spec.jobTemplate as { spec: { template: unknown } }).spec.template
          : spec.template;
      return (template as { spec: Record<string, unknown> }).spec;
    };
    for (const kind of ['Deployment', 'StatefulSet', 'DaemonSet', 'CronJob']) {
      expect(templateOf(kind).imagePullSecrets).toEqual([
        { name: 'nimbus-registry-private' },
        { name: 'team-pull' },
      ]);
    }
    const withNone = workloadManifest(parse({ kind: 'Deployment' }), 'prod').spec;
    expect((withNone.template as { spec: object }).spec).not.toHaveProperty('imagePullSecrets');
    expect(
      applicationBody.safeParse({
        kind: 'Deployment',
        name: 'shop',
        containers: [container],
        imagePullSecrets: ['same', 'same'],
      }).success,
    ).toBe(false);
  });

  it('writes host aliases, node and pod (anti-)affinity and tolerations into the pod spec', () => {
    const { spec } = workloadManifest(
      parse({
        kind: 'Deployment',
        hostAliases: [{ ip: '10.0.0.1', hostnames: ['db.local'] }],
        nodeAffinity: [
          { expression: { key: 'zone', operator: 'In', values: ['a', 'b'] } },
          { expression: { key: 'gpu', operator: 'Exists' } },
          {
            required: false,
            weight: 20,
            expression: { key: 'ssd', operator: 'In', values: ['y'] },
          },
        ],
        podAffinity: [{ expression: { key: 'app', operator: 'In', values: ['cache'] } }],
        podAntiAffinity: [
          {
            required: false,
            weight: 50,
            topologyKey: 'topology.kubernetes.io/zone',
            expression: { key: 'app', operator: 'In', values: ['shop'] },
          },
        ],
        tolerations: [
          { key: 'dedicated', operator: 'Equal', value: 'shop', effect: 'NoSchedule' },
          { operator: 'Exists', value: 'ignored', effect: 'NoExecute', tolerationSeconds: 30 },
        ],
      }),
      'prod',
    );
    const pod = (spec.template as { spec: Record<string, unknown> }).spec;
    expect(pod.hostAliases).toEqual([{ ip: '10.0.0.1', hostnames: ['db.local'] }]);
    expect(pod.affinity).toEqual({
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            {
              matchExpressions: [
                { key: 'zone', operator: 'In', values: ['a', 'b'] },
                { key: 'gpu', operator: 'Exists' },
              ],
            },
          ],
        },
        preferredDuringSchedulingIgnoredDuringExecution: [
          {
            weight: 20,
            preference: { matchExpressions: [{ key: 'ssd', operator: 'In', values: ['y'] }] },
          },
        ],
      },
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          {
            labelSelector: {
              matchExpressions: [{ key: 'app', operator: 'In', values: ['cache'] }],
            },
            topologyKey: 'kubernetes.io/hostname',
          },
        ],
      },
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          {
            weight: 50,
            podAffinityTerm: {
              labelSelector: {
                matchExpressions: [{ key: 'app', operator: 'In', values: ['shop'] }],
              },
              topologyKey: 'topology.kubernetes.io/zone',
            },
          },
        ],
      },
    });
    expect(pod.tolerations).toEqual([
      { key: 'dedicated', operator: 'Equal', value: 'shop', effect: 'NoSchedule' },
      { operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 },
    ]);
  });
});

describe('applicationManifests', () => {
  it('adds the Service, Ingress and HPA after the workload, all selecting its pods', () => {
    const manifests = applicationManifests(
      parse({
        kind: 'Deployment',
        autoscale: { minReplicas: 2, maxReplicas: 5, cpuUtilization: 70, memoryUtilization: 80 },
        service: {
          type: 'NodePort',
          ports: [
            { port: 80, targetPort: 8080, nodePort: 30080 },
            { port: 443, targetPort: 8443 },
          ],
          useIngress: true,
          ingressHost: 'shop.example.com',
        },
      }),
      'prod',
    );
    expect(manifests.map((m) => m.kind)).toEqual([
      'Deployment',
      'Service',
      'Ingress',
      'HorizontalPodAutoscaler',
    ]);
    const [, service, ingress, hpa] = manifests;
    expect(service?.spec).toEqual({
      type: 'NodePort',
      selector: { 'app.kubernetes.io/name': 'shop' },
      ports: [
        { name: 'port-1', protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 30080 },
        { name: 'port-2', protocol: 'TCP', port: 443, targetPort: 8443 },
      ],
    });
    expect(ingress?.apiVersion).toBe('networking.k8s.io/v1');
    expect(ingress?.spec).toEqual({
      rules: [
        {
          host: 'shop.example.com',
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: 'shop', port: { number: 80 } } },
              },
            ],
          },
        },
      ],
    });
    expect(hpa?.apiVersion).toBe('autoscaling/v2');
    expect(hpa?.spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'shop' },
      minReplicas: 2,
      maxReplicas: 5,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
        {
          type: 'Resource',
          resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 80 } },
        },
      ],
    });
  });

  it('creates only the workload when no service or autoscale is chosen', () => {
    expect(applicationManifests(parse({ kind: 'DaemonSet' }), 'prod').map((m) => m.kind)).toEqual([
      'DaemonSet',
    ]);
  });

  it('targets only the metrics that are set', () => {
    const hpa = autoscalerManifest(
      { kind: 'StatefulSet', name: 'db', namespace: 'prod' },
      { minReplicas: 1, maxReplicas: 3, memoryUtilization: 60 },
    );
    expect(hpa.spec.metrics).toEqual([
      {
        type: 'Resource',
        resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 60 } },
      },
    ]);
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      name: 'db',
    });
  });
});
