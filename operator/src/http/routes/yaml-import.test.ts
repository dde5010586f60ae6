import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAppliedAnnotation } from '../../index/trim.js';
import type { MemberRouteApp } from '../../testing/member-route-app.js';
import { startMemberRouteApp } from '../../testing/member-route-app.js';

const k8s = '/k8s.nimbus.io/vendors/ProviderKubeconfig/regions/r1/clusters/alpha';
const configPath = '/api/v1/namespaces/demo/configmaps/web';

let t: MemberRouteApp;

const call = (method: string, path: string, body?: unknown, token = t.tokens.root) =>
  t.app.call(method, `${k8s}${path}`, { token, ...(body === undefined ? {} : { body }) });

const configMap = (name: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, ...extra },
  data: { key: name },
});

interface Item {
  index: number;
  kind: string;
  name: string;
  namespace?: string;
  outcome: string;
  message?: string;
  refusal?: unknown;
}

beforeAll(async () => {
  // The member refuses Secrets (RBAC) and a Deployment without selector (validation).
  t = await startMemberRouteApp((request) => {
    if (request.path.includes('/secrets/')) {
      return {
        status: 403,
        body: {
          kind: 'Status',
          reason: 'Forbidden',
          message:
            'secrets "s" is forbidden: User "nimbus:root" cannot patch resource "secrets" in API group "" in the namespace "demo"',
          details: { name: 's', kind: 'secrets' },
        },
      };
    }
    if (request.path.includes('/deployments/') && request.method === 'PATCH') {
      return {
        status: 422,
        body: { kind: 'Status', reason: 'Invalid', message: 'spec.selector: Required value' },
      };
    }
    return undefined;
  });
  t.member.seed(configPath, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'web',
      namespace: 'demo',
      annotations: { [lastAppliedAnnotation]: '{"kind":"ConfigMap"}', note: 'n' },
    },
    data: { key: 'value' },
  });
});

afterAll(() => t.close());

describe('POST …/namespaces/:namespace/imports', () => {
  it('applies every document on its own and reports each outcome, in order', async () => {
    const { body } = await call('POST', '/namespaces/demo/imports', {
      documents: [
        configMap('fresh'),
        { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'bad' }, spec: {} },
        configMap('web', { namespace: 'demo', resourceVersion: '1', uid: 'x' }),
        { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { a: 'b' } },
        configMap('elsewhere', { namespace: 'other' }),
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } },
      ],
    });
    expect(body.code).toBe(0);
    const items = (body.data as { dryRun: boolean; items: Item[] }).items;
    expect(items.map((i) => [i.index, i.kind, i.name, i.namespace, i.outcome])).toEqual([
      [0, 'ConfigMap', 'fresh', 'demo', 'created'],
      [1, 'Deployment', 'bad', 'demo', 'failed'],
      [2, 'ConfigMap', 'web', 'demo', 'configured'],
      [3, 'Secret', 's', 'demo', 'failed'],
      [4, 'ConfigMap', 'elsewhere', 'other', 'created'],
      [5, 'Namespace', 'team', undefined, 'created'],
    ]);
    expect(items[1]?.message).toBe('spec.selector: Required value');
    expect(items[3]?.message).toBe('cannot patch secrets in namespace demo');
    expect(items[3]?.refusal).toEqual({
      cluster: 'alpha',
      cause: 'rbac',
      verb: 'patch',
      group: '',
      resource: 'secrets',
      namespace: 'demo',
      name: 's',
      reason:
        'secrets "s" is forbidden: User "nimbus:root" cannot patch resource "secrets" in API group "" in the namespace "demo"',
    });
    expect(t.member.objects.get('/api/v1/namespaces/demo/configmaps/fresh')).toMatchObject({
      data: { key: 'fresh' },
    });
    expect(t.member.objects.has('/api/v1/namespaces/other/configmaps/elsewhere')).toBe(true);
    expect(t.member.objects.has('/api/v1/namespaces/team')).toBe(true);
    const apply = t.member.calls.find((c) => c.path === configPath && c.method === 'PATCH');
    expect(apply?.headers['content-type']).toBe('application/apply-patch+yaml');
    expect(apply?.headers['impersonate-user']).toBe('nimbus:root');
    // Server-set fields of a copied object are not sent back.
    expect((apply?.body as { metadata: Record<string, unknown> }).metadata).toEqual({
      name: 'web',
      namespace: 'demo',
    });
  });

  it('a dry run asks the member with dryRun=All and stores nothing', async () => {
    const before = t.member.calls.length;
    const { body } = await call('POST', '/namespaces/demo/imports', {
      dryRun: true,
      documents: [configMap('dry')],
    });
    expect(body.data).toEqual({
      dryRun: true,
      items: [
        {
          index: 0,
          apiVersion: 'v1',
          kind: 'ConfigMap',
          name: 'dry',
          namespace: 'demo',
          outcome: 'created',
        },
      ],
    });
    expect(t.member.objects.has('/api/v1/namespaces/demo/configmaps/dry')).toBe(false);
    const sent = t.member.calls.slice(before).find((c) => c.method === 'PATCH');
    expect(sent?.path).toBe('/api/v1/namespaces/demo/configmaps/dry');
    expect(t.member.calls.length).toBeGreaterThan(before);
  });

  it.each([
    [
      'an unknown kind',
      { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'x' } },
      'kind ClusterRole of rbac.authorization.k8s.io/v1 cannot be imported',
    ],
    ['a bad name', configMap('Bad_Name'), 'metadata.name Bad_Name must consist of'],
    ['a missing kind', { apiVersion: 'v1', metadata: { name: 'x' } }, 'kind is required'],
    [
      'a namespace on a cluster-scoped kind',
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x', namespace: 'demo' } },
      'Namespace is cluster-scoped',
    ],
  ])('refuses %s at the edge, before the member is asked', async (_what, document, message) => {
    const before = t.member.calls.length;
    const { body } = await call('POST', '/namespaces/demo/imports', { documents: [document] });
    expect(body.code).toBe(1000);
    expect(body.message).toContain(message);
    expect(t.member.calls.length).toBe(before);
  });

  it('refuses more than 50 documents and an empty import', async () => {
    const many = Array.from({ length: 51 }, (_, i) => configMap(`c${i}`));
    expect(
      (await call('POST', '/namespaces/demo/imports', { documents: many })).body,
    ).toMatchObject({ code: 1000, message: 'documents: at most 50 documents per import' });
    expect((await call('POST', '/namespaces/demo/imports', { documents: [] })).body.code).toBe(
      1000,
    );
  });

  it('refuses a caller denied on the cluster (9997) without reaching the member', async () => {
    const before = t.member.calls.length;
    const refused = await t.app.call(
      'POST',
      '/k8s.nimbus.io/vendors/ProviderKubeconfig/regions/r2/clusters/bravo/namespaces/demo/imports',
      { token: t.tokens.alice, body: { documents: [configMap('x')] } },
    );
    expect(refused.body.code).toBe(9997);
    expect(t.member.calls.length).toBe(before);
  });
});

describe('PUT …/resources/:kind/:name (edit YAML)', () => {
  const live = () =>
    t.member.objects.get(configPath) as {
      metadata: { resourceVersion: string; annotations: Record<string, string> };
      data: Record<string, string>;
    };

  it('replaces the object as the caller and keeps the hidden last-applied copy', async () => {
    const version = live().metadata.resourceVersion;
    const { body } = await call('PUT', '/resources/configmaps/web?namespace=demo', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'web', namespace: 'demo', resourceVersion: version },
      data: { key: 'edited' },
    });
    expect(body.code).toBe(0);
    expect(live().data).toEqual({ key: 'edited' });
    expect(live().metadata.annotations).toEqual({
      [lastAppliedAnnotation]: '{"kind":"ConfigMap"}',
    });
    expect(JSON.stringify(body.data)).not.toContain('managedFields');
  });

  it('answers a stale resourceVersion with a conflict (1005) and changes nothing', async () => {
    const { body } = await call('PUT', '/resources/configmaps/web?namespace=demo', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'web', namespace: 'demo', resourceVersion: '1' },
      data: { key: 'stale' },
    });
    expect(body.code).toBe(1005);
    expect(live().data).toEqual({ key: 'edited' });
  });

  it.each([
    ['another name', { metadata: { name: 'other', resourceVersion: '1' } }, 'metadata.name'],
    ['another kind', { kind: 'Secret', metadata: { name: 'web', resourceVersion: '1' } }, 'kind'],
    ['no resourceVersion', { metadata: { name: 'web' } }, 'resourceVersion'],
  ])('refuses an edit with %s', async (_what, change, field) => {
    const { body } = await call('PUT', '/resources/configmaps/web?namespace=demo', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      ...change,
    });
    expect(body.code).toBe(1000);
    expect(body.message).toContain(field);
  });

  it('refuses to edit a Secret, whose data the console never shows', async () => {
    const { body } = await call('PUT', '/resources/secrets/db?namespace=demo', {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'demo', resourceVersion: '1' },
    });
    expect(body).toMatchObject({ code: 1000 });
    expect(body.message).toContain('cannot be edited');
  });
});
