import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRouteApp } from '../../testing/member-route-app.js';
import { startMemberRouteApp } from '../../testing/member-route-app.js';

const k8s = '/k8s.nimbus.io';
const crd = '/crd.nimbus.io';
const at = '/vendors/ProviderKubeconfig/regions/r1/clusters/alpha';
const where = { vendor: 'ProviderKubeconfig', region: 'r1', cluster: 'alpha' };

let t: MemberRouteApp;
/** Refuses limit ranges in namespaces whose name starts with "refused-". */
let refusing: MemberRouteApp;

const call = (app: MemberRouteApp, method: string, path: string, body?: unknown, user = 'root') =>
  app.app.call(method, path, {
    token: app.tokens[user as 'root'],
    ...(body === undefined ? {} : { body }),
  });

beforeAll(async () => {
  t = await startMemberRouteApp();
  refusing = await startMemberRouteApp((request) =>
    request.method === 'POST' && /\/namespaces\/refused-[^/]*\/limitranges$/.test(request.path)
      ? {
          status: 422,
          body: {
            kind: 'Status',
            reason: 'Invalid',
            message: 'LimitRange "nimbus-limits" is invalid: spec.limits[0].default: refused',
          },
        }
      : undefined,
  );
});

afterAll(async () => {
  await t.close();
  await refusing.close();
});

describe('POST /k8s.{host}/namespaces', () => {
  it('creates the namespace, quota nimbus-quota and limit range nimbus-limits as the caller', async () => {
    const { body } = await call(t, 'POST', `${k8s}/namespaces`, {
      ...where,
      name: 'shop',
      labels: { team: 'a' },
      resourceQuota: { cpu: '4', memory: '8Gi' },
      limitRange: {
        pod: { max: { cpu: '2' } },
        container: { default: { cpu: '500m', memory: '256Mi' }, max: { cpu: '1' } },
      },
    });
    expect(body.code).toBe(0);
    const detail = body.data as {
      namespace: { name: string; phase: string; labels: Record<string, string> };
      resourceQuotas: Array<{ metadata: { name: string; managedFields?: unknown }; spec: unknown }>;
      limitRanges: Array<{ metadata: { name: string }; spec: unknown }>;
    };
    expect(detail.namespace).toMatchObject({
      name: 'shop',
      phase: 'Active',
      labels: { team: 'a' },
    });
    expect(detail.resourceQuotas).toHaveLength(1);
    expect(detail.resourceQuotas[0]?.metadata.name).toBe('nimbus-quota');
    expect(detail.resourceQuotas[0]?.metadata.managedFields).toBeUndefined();
    expect(detail.resourceQuotas[0]?.spec).toEqual({
      hard: { 'limits.cpu': '4', 'limits.memory': '8Gi' },
    });
    expect(detail.limitRanges[0]?.metadata.name).toBe('nimbus-limits');
    expect(detail.limitRanges[0]?.spec).toEqual({
      limits: [
        { type: 'Pod', max: { cpu: '2' } },
        { type: 'Container', max: { cpu: '1' }, default: { cpu: '500m', memory: '256Mi' } },
      ],
    });
    const writes = t.member.calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v1/namespaces',
      'POST /api/v1/namespaces/shop/resourcequotas',
      'POST /api/v1/namespaces/shop/limitranges',
    ]);
    expect(t.member.calls.every((c) => c.headers['impersonate-user'] === 'nimbus:root')).toBe(true);
  });

  it('takes the location from headers too, and says when the name exists', async () => {
    const { body } = await t.app.call('POST', `${k8s}/namespaces`, {
      token: t.tokens.root,
      headers: {
        'X-Nimbus-Vendor': where.vendor,
        'X-Nimbus-Region': where.region,
        'X-Nimbus-Cluster': where.cluster,
      },
      body: { name: 'shop' },
    });
    expect(body).toMatchObject({ code: 1005, message: 'shop already existed, please change' });
  });

  it('refuses bad input before calling the member', async () => {
    const before = t.member.calls.length;
    const bad = await call(t, 'POST', `${k8s}/namespaces`, { ...where, name: 'Shop_1' });
    expect(bad.body).toMatchObject({
      code: 1000,
      message: 'name: lowercase letters, digits and hyphens only',
    });
    const order = await call(t, 'POST', `${k8s}/namespaces`, {
      ...where,
      name: 'shop-2',
      limitRange: { container: { default: { memory: '2Gi' }, max: { memory: '1Gi' } } },
    });
    expect(order.body).toMatchObject({
      code: 1000,
      message:
        'limitRange.container.max.memory: default memory (2Gi) must not exceed max memory (1Gi)',
    });
    const nowhere = await call(t, 'POST', `${k8s}/namespaces`, { name: 'shop-3' });
    expect(nowhere.body.code).toBe(1000);
    expect(t.member.calls.length).toBe(before);
  });

  it('deletes the namespace again when the member refuses the limit range', async () => {
    const { body } = await call(refusing, 'POST', `${k8s}/namespaces`, {
      ...where,
      name: 'refused-1',
      resourceQuota: { cpu: '1' },
      limitRange: { container: { max: { cpu: '1' } } },
    });
    expect(body).toMatchObject({
      code: 1000,
      message: 'LimitRange "nimbus-limits" is invalid: spec.limits[0].default: refused',
    });
    expect([...refusing.member.objects.keys()].filter((k) => k.includes('refused-1'))).toEqual([]);
    expect(refusing.member.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/v1/namespaces/refused-1',
    });
  });

  it('refuses a cluster the caller is denied in, up front', async () => {
    const before = t.member.calls.length;
    const { body } = await call(
      t,
      'POST',
      `${k8s}/namespaces`,
      { vendor: 'ProviderKubeconfig', region: 'r2', cluster: 'bravo', name: 'x' },
      'alice',
    );
    expect(body.code).toBe(9997);
    expect(t.member.calls.length).toBe(before);
  });
});

describe('namespace list, detail and delete', () => {
  it('lists the live namespaces with name, uid, labels and phase', async () => {
    const { body } = await call(t, 'GET', `${k8s}${at}/namespaces`);
    const items = (
      body.data as { items: Array<{ metadata: Record<string, unknown>; status: unknown }> }
    ).items;
    const shop = items.find((item) => item.metadata.name === 'shop');
    expect(shop?.status).toEqual({ phase: 'Active' });
    expect(Object.keys(shop?.metadata ?? {}).sort()).toEqual([
      'creationTimestamp',
      'labels',
      'name',
      'uid',
    ]);
  });

  it('answers 1004 for a namespace that does not exist', async () => {
    const { body } = await call(t, 'GET', `${crd}${at}/namespaces/nothing-here`);
    expect(body.code).toBe(1004);
  });

  it('never deletes a system namespace', async () => {
    for (const name of ['kube-system', 'kube-public', 'kube-node-lease', 'default']) {
      const { body } = await call(t, 'DELETE', `${k8s}${at}/namespaces/${name}`);
      expect(body).toMatchObject({ code: 1000 });
      expect(body.message).toContain('system namespace');
    }
    expect(t.member.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('deletes another namespace', async () => {
    await call(t, 'POST', `${k8s}/namespaces`, { ...where, name: 'gone' });
    const { body } = await call(t, 'DELETE', `${k8s}${at}/namespaces/gone`);
    expect(body.code).toBe(0);
    expect(t.member.objects.has('/api/v1/namespaces/gone')).toBe(false);
  });
});

describe('resource quotas and limit ranges', () => {
  const quotas = `${k8s}/namespaces/shop/resourcequotas`;
  const limits = `${k8s}/namespaces/shop/limitranges`;

  it('creates and replaces a quota spec, keeping its labels', async () => {
    const created = await call(t, 'POST', quotas, {
      ...where,
      metadata: { name: 'extra', namespace: 'shop' },
      spec: { hard: { pods: '10' } },
    });
    expect(created.body.code).toBe(0);
    t.member.objects.set('/api/v1/namespaces/shop/resourcequotas/extra', {
      ...t.member.objects.get('/api/v1/namespaces/shop/resourcequotas/extra'),
      metadata: {
        ...(t.member.objects.get('/api/v1/namespaces/shop/resourcequotas/extra')
          ?.metadata as object),
        labels: { keep: 'me' },
      },
    });
    const { body } = await call(t, 'PUT', `${quotas}/extra`, {
      ...where,
      metadata: { name: 'extra' },
      spec: { hard: { 'limits.cpu': '3' } },
    });
    expect(body.data).toMatchObject({
      metadata: { name: 'extra', labels: { keep: 'me' } },
      spec: { hard: { 'limits.cpu': '3' } },
    });
    expect(
      (body.data as { spec: { hard: Record<string, string> } }).spec.hard.pods,
    ).toBeUndefined();
  });

  it('refuses a name other than the path and a bad quantity', async () => {
    const renamed = await call(t, 'PUT', `${quotas}/extra`, {
      ...where,
      metadata: { name: 'other' },
      spec: { hard: { cpu: '1' } },
    });
    expect(renamed.body).toMatchObject({
      code: 1000,
      message: 'metadata.name: must be extra, the name in the path',
    });
    const bad = await call(t, 'PUT', `${quotas}/extra`, {
      ...where,
      metadata: { name: 'extra' },
      spec: { hard: { cpu: '-1' } },
    });
    expect(bad.body.code).toBe(1000);
  });

  it('replaces a limit range spec and refuses a default for Pod', async () => {
    const { body } = await call(t, 'PUT', `${limits}/nimbus-limits`, {
      ...where,
      metadata: { name: 'nimbus-limits', namespace: 'shop' },
      spec: { limits: [{ type: 'Container', max: { memory: '2Gi' } }] },
    });
    expect(body.data).toMatchObject({
      spec: { limits: [{ type: 'Container', max: { memory: '2Gi' } }] },
    });
    const pod = await call(t, 'POST', limits, {
      ...where,
      metadata: { name: 'pods' },
      spec: { limits: [{ type: 'Pod', default: { cpu: '1' } }] },
    });
    expect(pod.body).toMatchObject({
      code: 1000,
      message:
        'spec.limits.0.default: Kubernetes supports no default or defaultRequest for type Pod',
    });
  });

  it('shows the change in the namespace detail', async () => {
    const { body } = await call(t, 'GET', `${crd}${at}/namespaces/shop`);
    const detail = body.data as { resourceQuotas: Array<{ metadata: { name: string } }> };
    expect(detail.resourceQuotas.map((q) => q.metadata.name).sort()).toEqual([
      'extra',
      'nimbus-quota',
    ]);
  });
});
