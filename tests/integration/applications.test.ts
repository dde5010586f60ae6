// The shared application form's create call against the test bed: each kind's manifests created
// as the calling user and read back with kubectl on the member (workload, Service, Ingress, HPA);
// "scale automatically" creates, changes and deletes the HPA; a read-only user is refused by the
// member and leaves nothing behind; creations are audited with env values censored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../support/iam.js';
import {
  eventually,
  expectOk,
  gitOpsSystemAdmin,
  hub,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  atCluster,
  gitOpsUser,
  memberAllows,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';
import { auditRecordsSeenBy } from '../support/audit.js';

const suffix = `ap${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const ns = `ap-${suffix}`;
const readerName = `reader-${suffix}`;
const image = 'registry.example/app:1';

let root: Session;
let reader: Session;

const member = (args: string[]): string => {
  const result = onMember('member-a', args);
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
};
const memberJson = <T>(args: string[]): T =>
  JSON.parse(member([...args, '-n', ns, '-o', 'json'])) as T;
const found = (kind: string, name: string): boolean =>
  onMember('member-a', ['get', kind, name, '-n', ns, '-o', 'name']).status === 0;

const create = (session: Session, body: unknown) =>
  atCluster<{ namespace: string; objects: Array<{ kind: string; name: string }> }>(
    session,
    'k8s',
    'POST',
    cluster,
    `/namespaces/${ns}/applications`,
    { body },
  );
const autoscale = (session: Session, method: string, name: string, body?: unknown) =>
  atCluster<unknown>(
    session,
    'k8s',
    method,
    cluster,
    `/namespaces/${ns}/deployments/${name}/autoscale`,
    body === undefined ? {} : { body },
  );

const container = (extra: object = {}) => ({ name: 'app', image, ...extra });

const auditRecords = (query: string) => auditRecordsSeenBy(root.token, query);

interface PodSpec {
  containers: Array<{
    name: string;
    image: string;
    env?: Array<{ name: string; value?: string; valueFrom?: unknown }>;
    volumeMounts?: Array<{ name: string; mountPath: string }>;
    readinessProbe?: unknown;
    resources?: unknown;
  }>;
  volumes?: unknown[];
  hostAliases?: unknown[];
  tolerations?: unknown[];
  affinity?: unknown;
  restartPolicy?: string;
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'applications',
      contact: 'Ops',
      email: 'ops@applications.example',
    }),
  );
  member(['create', 'namespace', ns]);
  member(['create', 'configmap', 'web-config', '-n', ns, '--from-literal=mode=fast']);
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  reader = await gitOpsUser(readerName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  expect(await memberAllows('member-a', root.userName, 'create', 'horizontalpodautoscalers')).toBe(
    'yes',
  );
  expect(await memberAllows('member-a', readerName, 'create', 'deployments', 'no')).toBe('no');
}, 120_000);

afterAll(async () => {
  onMember('member-a', ['delete', 'namespace', ns, '--ignore-not-found', '--wait=false']);
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(readerName);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('creating applications as the caller', () => {
  it('creates a Deployment with its Service, Ingress and HPA; kubectl reads each back', async () => {
    const { body } = await create(root, {
      kind: 'Deployment',
      name: 'web',
      replicas: 2,
      labels: { team: 'shop' },
      containers: [
        container({
          env: [
            { name: 'DB_PASSWORD', value: 'hunter2' },
            { name: 'MODE', configMapKeyRef: { name: 'web-config', key: 'mode' } },
          ],
          volumeMounts: [{ source: 'configMap', sourceName: 'web-config', mountPath: '/etc/web' }],
          resources: { requests: { cpu: '100m', memory: '64Mi' } },
          readinessProbe: { type: 'httpGet', path: '/ready', port: 8080, periodSeconds: 5 },
        }),
      ],
      hostAliases: [{ ip: '10.0.0.1', hostnames: ['db.local'] }],
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'shop', effect: 'NoSchedule' }],
      autoscale: { minReplicas: 2, maxReplicas: 5, cpuUtilization: 70, memoryUtilization: 80 },
      service: {
        type: 'ClusterIP',
        ports: [{ port: 80, targetPort: 8080 }],
        useIngress: true,
        ingressHost: 'web.example.com',
      },
    });
    expect(body.code).toBe(0);
    expect(body.data.objects.map((o) => o.kind)).toEqual([
      'Deployment',
      'Service',
      'Ingress',
      'HorizontalPodAutoscaler',
    ]);

    const deployment = memberJson<{
      metadata: { labels: Record<string, string>; managedFields?: Array<{ manager: string }> };
      spec: { replicas: number; template: { spec: PodSpec } };
    }>(['get', 'deployment', 'web', '--show-managed-fields']);
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.metadata.labels).toMatchObject({ team: 'shop' });
    const pod = deployment.spec.template.spec;
    expect(pod.containers[0]).toMatchObject({
      image,
      env: [
        { name: 'DB_PASSWORD', value: 'hunter2' },
        { name: 'MODE', valueFrom: { configMapKeyRef: { name: 'web-config', key: 'mode' } } },
      ],
      volumeMounts: [{ name: 'cm-web-config', mountPath: '/etc/web' }],
      readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5 },
      resources: { requests: { cpu: '100m', memory: '64Mi' } },
    });
    expect(pod.volumes).toEqual([
      { name: 'cm-web-config', configMap: { name: 'web-config', defaultMode: 420 } },
    ]);
    expect(pod.hostAliases).toEqual([{ ip: '10.0.0.1', hostnames: ['db.local'] }]);
    expect(pod.tolerations).toEqual([
      { key: 'dedicated', operator: 'Equal', value: 'shop', effect: 'NoSchedule' },
    ]);

    const service = memberJson<{ spec: { type: string; ports: Array<{ port: number }> } }>([
      'get',
      'service',
      'web',
    ]);
    expect(service.spec).toMatchObject({
      type: 'ClusterIP',
      ports: [{ port: 80, targetPort: 8080 }],
    });
    const ingress = memberJson<{ spec: { rules: Array<{ host: string }> } }>([
      'get',
      'ingress',
      'web',
    ]);
    expect(ingress.spec.rules[0]?.host).toBe('web.example.com');
    const hpa = memberJson<{ spec: Record<string, unknown> }>([
      'get',
      'horizontalpodautoscalers.v2.autoscaling',
      'web',
    ]);
    expect(hpa.spec).toMatchObject({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 2,
      maxReplicas: 5,
    });

    // Audited as a create of 'applications' named web; env values are not in the record.
    const records = await eventually(
      () => auditRecords(`cluster=${cluster}&namespace=${ns}&name=web&method=POST`),
      (items) => items.some((r) => r.kind === 'applications'),
    );
    const record = records.find((r) => r.kind === 'applications');
    expect(record?.requestBody).toContain('DB_PASSWORD');
    expect(record?.requestBody).not.toContain('hunter2');
  });

  it('creates a StatefulSet with its policy, strategy and partition', async () => {
    expectOk(
      await create(root, {
        kind: 'StatefulSet',
        name: 'db',
        replicas: 1,
        podManagementPolicy: 'Parallel',
        updateStrategy: { type: 'RollingUpdate', partition: 1 },
        containers: [container()],
        service: { type: 'NodePort', ports: [{ port: 5432, targetPort: 5432 }] },
      }),
    );
    const sts = memberJson<{ spec: Record<string, unknown> }>(['get', 'statefulset', 'db']);
    expect(sts.spec).toMatchObject({
      serviceName: 'db',
      podManagementPolicy: 'Parallel',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } },
    });
    const service = memberJson<{ spec: { type: string; ports: Array<{ nodePort?: number }> } }>([
      'get',
      'service',
      'db',
    ]);
    expect(service.spec.type).toBe('NodePort');
    expect(service.spec.ports[0]?.nodePort).toBeGreaterThan(0);
  });

  it('creates a DaemonSet with OnDelete and node affinity', async () => {
    expectOk(
      await create(root, {
        kind: 'DaemonSet',
        name: 'agent',
        updateStrategy: { type: 'OnDelete' },
        containers: [container()],
        nodeAffinity: [
          { expression: { key: 'kubernetes.io/os', operator: 'In', values: ['linux'] } },
        ],
      }),
    );
    const ds = memberJson<{ spec: { updateStrategy: unknown; template: { spec: PodSpec } } }>([
      'get',
      'daemonset',
      'agent',
    ]);
    expect(ds.spec.updateStrategy).toEqual({ type: 'OnDelete' });
    expect(ds.spec.template.spec.affinity).toEqual({
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            { matchExpressions: [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }] },
          ],
        },
      },
    });
  });

  it('creates a CronJob with its schedule, policies and Job template', async () => {
    expectOk(
      await create(root, {
        kind: 'CronJob',
        name: 'nightly',
        cronJob: {
          schedule: '0 2 * * *',
          concurrencyPolicy: 'Forbid',
          suspend: true,
          backoffLimit: 2,
          completions: 1,
          successfulJobsHistoryLimit: 1,
        },
        containers: [container({ command: ['/bin/sh', '-c'], args: ['date'] })],
      }),
    );
    const cronJob = memberJson<{
      spec: {
        schedule: string;
        concurrencyPolicy: string;
        suspend: boolean;
        successfulJobsHistoryLimit: number;
        jobTemplate: { spec: { backoffLimit: number; template: { spec: PodSpec } } };
      };
    }>(['get', 'cronjob', 'nightly']);
    expect(cronJob.spec).toMatchObject({
      schedule: '0 2 * * *',
      concurrencyPolicy: 'Forbid',
      suspend: true,
      successfulJobsHistoryLimit: 1,
      jobTemplate: { spec: { backoffLimit: 2 } },
    });
    expect(cronJob.spec.jobTemplate.spec.template.spec.restartPolicy).toBe('OnFailure');
    expect(cronJob.spec.jobTemplate.spec.template.spec.containers[0]).toMatchObject({
      command: ['/bin/sh', '-c'],
      args: ['date'],
    });
  });

  it('says a name is taken (1005) and refuses a bad schedule before the member (1000)', async () => {
    const taken = await create(root, {
      kind: 'Deployment',
      name: 'web',
      containers: [container()],
    });
    expect(taken.body).toMatchObject({ code: 1005, message: 'web already existed, please change' });
    const bad = await create(root, {
      kind: 'CronJob',
      name: 'bad',
      cronJob: { schedule: '61 * * * *' },
      containers: [container()],
    });
    expect(bad.body.code).toBe(1000);
    expect(found('cronjob', 'bad')).toBe(false);
  });
});

describe('all or nothing', () => {
  it('removes the Deployment and Service again when the Ingress is refused, and says so', async () => {
    // An Ingress of that name already exists: the third object is refused by the member.
    member(['create', 'ingress', 'half', '-n', ns, '--rule=half.example.com/=other:80']);
    const { body } = await create(root, {
      kind: 'Deployment',
      name: 'half',
      containers: [container()],
      service: { type: 'ClusterIP', ports: [{ port: 80, targetPort: 8080 }], useIngress: true },
    });
    expect(body.code).toBe(1005);
    expect(body.message).toContain('Ingress half was refused');
    expect(body.message).toContain(
      'removed again what this request had created: Deployment half, Service half',
    );
    expect(found('deployment', 'half')).toBe(false);
    expect(found('service', 'half')).toBe(false);
    // What was there before stays.
    expect(found('ingress', 'half')).toBe(true);
  });
});

describe('scale automatically', () => {
  it('changes the HPA, then deletes it; kubectl sees each step', async () => {
    const changed = await autoscale(root, 'PUT', 'web', {
      minReplicas: 1,
      maxReplicas: 3,
      cpuUtilization: 50,
    });
    expect(changed.body).toMatchObject({
      code: 0,
      data: { name: 'web', minReplicas: 1, maxReplicas: 3, cpuUtilization: 50 },
    });
    const hpa = memberJson<{ spec: { maxReplicas: number; metrics: unknown[] } }>([
      'get',
      'horizontalpodautoscalers.v2.autoscaling',
      'web',
    ]);
    expect(hpa.spec.maxReplicas).toBe(3);
    expect(hpa.spec.metrics).toHaveLength(1);
    expectOk(await autoscale(root, 'DELETE', 'web'));
    expect(found('horizontalpodautoscalers.v2.autoscaling', 'web')).toBe(false);
    expect((await autoscale(root, 'GET', 'web')).body).toMatchObject({ code: 0, data: null });
  });
});

describe('a read-only user', () => {
  it('is refused by the member (9997) and leaves nothing behind', async () => {
    const refused = await create(reader, {
      kind: 'Deployment',
      name: 'sneaky',
      containers: [container()],
      service: { type: 'ClusterIP', ports: [{ port: 80, targetPort: 80 }] },
    });
    expect(refused.body.code).toBe(9997);
    expect(found('deployment', 'sneaky')).toBe(false);
    expect(found('service', 'sneaky')).toBe(false);
    const hpa = await autoscale(reader, 'PUT', 'web', {
      minReplicas: 1,
      maxReplicas: 2,
      cpuUtilization: 50,
    });
    expect(hpa.body.code).toBe(9997);
    expect(found('horizontalpodautoscalers.v2.autoscaling', 'web')).toBe(false);
  });
});
