import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { censor, redactValue } from '../../observability/redact.js';
import type { MemberRouteApp } from '../../testing/member-route-app.js';
import { startMemberRouteApp } from '../../testing/member-route-app.js';

const at = '/k8s.nimbus.io/vendors/ProviderKubeconfig/regions/r1/clusters/alpha';
const deployments = '/apis/apps/v1/namespaces/shop/deployments';
const hpas = '/apis/autoscaling/v2/namespaces/shop/horizontalpodautoscalers';

let t: MemberRouteApp;
/** Refuses every Ingress: the application's third object. */
let refusing: MemberRouteApp;

const call = (app: MemberRouteApp, method: string, path: string, body?: unknown, user = 'root') =>
  app.app.call(method, path, {
    token: app.tokens[user as 'root'],
    ...(body === undefined ? {} : { body }),
  });

const application = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'Deployment',
  name,
  replicas: 2,
  containers: [
    {
      name: 'web',
      image: 'registry.example.com/shop/web:1',
      env: [{ name: 'DB_URL', value: 'postgres://u:hunter2@db/shop' }],
    },
  ],
  ...extra,
});
const service = { type: 'ClusterIP', ports: [{ port: 80, targetPort: 8080 }], useIngress: true };

beforeAll(async () => {
  t = await startMemberRouteApp();
  refusing = await startMemberRouteApp((request) =>
    request.method === 'POST' && request.path.endsWith('/ingresses')
      ? {
          status: 403,
          body: { kind: 'Status', reason: 'Forbidden', message: 'ingresses is forbidden' },
        }
      : undefined,
  );
});

afterAll(async () => {
  await t.close();
  await refusing.close();
});

describe('POST …/namespaces/:namespace/applications', () => {
  it('creates the workload, Service, Ingress and HPA as the caller, in that order', async () => {
    const { body } = await call(
      t,
      'POST',
      `${at}/namespaces/shop/applications`,
      application('web', {
        service,
        autoscale: { minReplicas: 2, maxReplicas: 4, cpuUtilization: 60 },
      }),
    );
    expect(body).toMatchObject({
      code: 0,
      data: {
        namespace: 'shop',
        objects: [
          { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
          { apiVersion: 'v1', kind: 'Service', name: 'web' },
          { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'web' },
          { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', name: 'web' },
        ],
      },
    });
    expect(t.member.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${deployments}`,
      'POST /api/v1/namespaces/shop/services',
      'POST /apis/networking.k8s.io/v1/namespaces/shop/ingresses',
      `POST ${hpas}`,
    ]);
    expect(t.member.calls.every((c) => c.headers['impersonate-user'] === 'nimbus:root')).toBe(true);
    expect(t.member.objects.get(`${deployments}/web`)).toMatchObject({ spec: { replicas: 2 } });
  });

  it('says when the name exists', async () => {
    const { body } = await call(
      t,
      'POST',
      `${at}/namespaces/shop/applications`,
      application('web'),
    );
    expect(body).toMatchObject({ code: 1005, message: 'web already existed, please change' });
  });

  it('refuses a bad form before calling the member', async () => {
    const before = t.member.calls.length;
    const bad = await call(t, 'POST', `${at}/namespaces/shop/applications`, {
      ...application('web-2'),
      kind: 'CronJob',
      cronJob: { schedule: '0 25 * * *' },
    });
    expect(bad.body.code).toBe(1000);
    expect(bad.body.message).toContain('standard crontab');
    const noImageTag = await call(t, 'POST', `${at}/namespaces/shop/applications`, {
      ...application('web-3'),
      containers: [{ name: 'web', image: 'nginx' }],
    });
    expect(noImageTag.body).toMatchObject({ code: 1000 });
    expect(noImageTag.body.message).toContain('host/image:tag');
    expect(t.member.calls.length).toBe(before);
  });

  it('removes what it created when a later object is refused, and says so', async () => {
    const { body } = await call(
      refusing,
      'POST',
      `${at}/namespaces/shop/applications`,
      application('half', { service }),
    );
    expect(body.code).toBe(9997);
    expect(body.message).toContain('Ingress half was refused');
    expect(body.message).toContain(
      'removed again what this request had created: Deployment half, Service half',
    );
    expect([...refusing.member.objects.keys()].filter((k) => k.includes('half'))).toEqual([]);
  });

  it('refuses a cluster the caller is denied in, up front', async () => {
    const before = t.member.calls.length;
    const denied = `/k8s.nimbus.io/vendors/ProviderKubeconfig/regions/r2/clusters/bravo`;
    const { body } = await call(
      t,
      'POST',
      `${denied}/namespaces/shop/applications`,
      application('x'),
      'alice',
    );
    expect(body.code).toBe(9997);
    expect(t.member.calls.length).toBe(before);
  });

  it('keeps env names but not values in the audit body', () => {
    const redacted = redactValue(application('web'), {
      path: `${at}/namespaces/shop/applications`,
    });
    expect(redacted).toMatchObject({ containers: [{ env: [{ name: 'DB_URL', value: censor }] }] });
  });
});

describe('scale automatically', () => {
  const autoscale = `${at}/namespaces/shop/deployments/web/autoscale`;

  it('reads, replaces and deletes the HPA of a workload', async () => {
    const read = await call(t, 'GET', autoscale);
    expect(read.body).toMatchObject({
      code: 0,
      data: { name: 'web', minReplicas: 2, maxReplicas: 4, cpuUtilization: 60 },
    });
    const changed = await call(t, 'PUT', autoscale, {
      minReplicas: 1,
      maxReplicas: 6,
      memoryUtilization: 75,
    });
    expect(changed.body.data).toEqual({
      name: 'web',
      minReplicas: 1,
      maxReplicas: 6,
      memoryUtilization: 75,
    });
    expect(t.member.calls.at(-1)).toMatchObject({ method: 'PUT', path: `${hpas}/web` });
    const removed = await call(t, 'DELETE', autoscale);
    expect(removed.body).toMatchObject({ code: 0, data: null });
    expect(t.member.objects.has(`${hpas}/web`)).toBe(false);
    expect((await call(t, 'GET', autoscale)).body).toMatchObject({ code: 0, data: null });
  });

  it('creates an HPA for a workload that had none, and refuses one for a missing workload', async () => {
    const created = await call(t, 'PUT', autoscale, {
      minReplicas: 1,
      maxReplicas: 2,
      cpuUtilization: 50,
    });
    expect(created.body.code).toBe(0);
    expect(t.member.calls.at(-1)).toMatchObject({ method: 'POST', path: hpas });
    const missing = await call(t, 'PUT', `${at}/namespaces/shop/deployments/nothing/autoscale`, {
      minReplicas: 1,
      maxReplicas: 2,
      cpuUtilization: 50,
    });
    expect(missing.body.code).toBe(1004);
  });

  it('refuses a range whose minimum exceeds its maximum, and a DaemonSet', async () => {
    const range = await call(t, 'PUT', autoscale, {
      minReplicas: 5,
      maxReplicas: 2,
      cpuUtilization: 50,
    });
    expect(range.body).toMatchObject({ code: 1000 });
    const daemon = await call(t, 'PUT', `${at}/namespaces/shop/daemonsets/web/autoscale`, {
      minReplicas: 1,
      maxReplicas: 2,
      cpuUtilization: 50,
    });
    expect(daemon.body).toMatchObject({ code: 1000 });
  });
});
