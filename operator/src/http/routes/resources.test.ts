import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAppliedAnnotation } from '../../index/trim.js';
import type { MemberRouteApp } from '../../testing/member-route-app.js';
import { startMemberRouteApp } from '../../testing/member-route-app.js';
import { restartedAtAnnotation } from '../../k8s/resources/metadata-update.js';

const crd = '/crd.nimbus.io';
const at = '/vendors/ProviderKubeconfig/regions/r1/clusters/alpha';
const secretPath = '/api/v1/namespaces/demo/secrets/db';
const configPath = '/api/v1/namespaces/demo/configmaps/web';
const deployPath = '/apis/apps/v1/namespaces/demo/deployments/web';
const applied = '{"apiVersion":"v1","kind":"ConfigMap"}';

let t: MemberRouteApp;

const call = (method: string, path: string, body?: unknown) =>
  t.app.call(method, `${crd}${at}${path}`, {
    token: t.tokens.root,
    ...(body === undefined ? {} : { body }),
  });

type Obj = {
  metadata: { annotations?: Record<string, string>; labels?: Record<string, string> };
  spec?: { template?: { metadata?: { annotations?: Record<string, string> } } };
};
const stored = (path: string) => t.member.objects.get(path) as Obj;

beforeAll(async () => {
  t = await startMemberRouteApp();
  t.member.seed(secretPath, {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: 'db',
      namespace: 'demo',
      labels: { app: 'db' },
      // kubectl apply puts the whole manifest, data included, here.
      annotations: { [lastAppliedAnnotation]: '{"data":{"password":"c2VjcmV0"}}', note: 'n' },
    },
    type: 'Opaque',
    data: { password: 'c2VjcmV0' },
    stringData: { token: 'plain' },
  });
  t.member.seed(configPath, {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'web',
      namespace: 'demo',
      annotations: { [lastAppliedAnnotation]: applied, old: 'x' },
      labels: { app: 'web' },
    },
    data: { key: 'value' },
  });
  t.member.seed(deployPath, {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'demo', annotations: { owner: 'a' } },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' }, annotations: { owner: 'a', scrape: 'yes' } },
      },
    },
  });
});

afterAll(() => t.close());

describe('GET …/resources/:kind/:name', () => {
  it('answers the live object without managedFields', async () => {
    const { body } = await call('GET', '/resources/configmaps/web?namespace=demo');
    expect(body.data).toMatchObject({ kind: 'ConfigMap', data: { key: 'value' } });
    expect(
      (body.data as { metadata: Record<string, unknown> }).metadata.managedFields,
    ).toBeUndefined();
    expect(t.member.calls.at(-1)?.headers['impersonate-user']).toBe('nimbus:root');
  });

  it('never answers the data of a Secret, and never fetches it', async () => {
    const { body } = await call('GET', '/resources/secrets/db?namespace=demo');
    const text = JSON.stringify(body);
    expect(text).not.toContain('c2VjcmV0');
    expect(text).not.toContain('plain');
    expect(body.data).toMatchObject({
      kind: 'Secret',
      metadata: { name: 'db', labels: { app: 'db' } },
    });
    expect(Object.keys(body.data as object).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
    expect(t.member.calls.at(-1)?.headers.accept).toContain('as=PartialObjectMetadata');
  });

  it('refuses an unknown kind and a namespaced kind without namespace', async () => {
    expect((await call('GET', '/resources/widgets/web?namespace=demo')).body.code).toBe(1000);
    const missing = await call('GET', '/resources/configmaps/web');
    expect(missing.body).toMatchObject({
      code: 1000,
      message: 'namespace: Required for configmaps',
    });
    expect((await call('GET', '/resources/configmaps/none?namespace=demo')).body.code).toBe(1004);
  });
});

describe('PUT …/resources/annotations and …/labels', () => {
  it('replaces the whole map and keeps last-applied the editor hides', async () => {
    const { body } = await call('PUT', '/resources/annotations', {
      vendor: 'ProviderKubeconfig',
      region: 'r1',
      cluster: 'alpha',
      type: 'configmaps',
      namespace: 'demo',
      name: 'web',
      annotations: { fresh: 'y' },
    });
    expect(body.code).toBe(0);
    expect(stored(configPath).metadata.annotations).toEqual({
      [lastAppliedAnnotation]: applied,
      fresh: 'y',
    });
    expect((body.data as Obj).metadata.annotations).toEqual({
      [lastAppliedAnnotation]: applied,
      fresh: 'y',
    });
    const patch = t.member.calls.findLast((c) => c.method === 'PATCH');
    expect(patch?.headers['content-type']).toBe('application/merge-patch+json');
    expect(patch?.body).toMatchObject({ metadata: { annotations: { old: null, fresh: 'y' } } });
    expect(
      (patch?.body as { metadata: { resourceVersion?: string } }).metadata.resourceVersion,
    ).toBeDefined();
  });

  it('replaces labels and never answers Secret data', async () => {
    const { body } = await call('PUT', '/resources/labels', {
      type: 'secrets',
      namespace: 'demo',
      name: 'db',
      labels: { tier: 'data' },
    });
    expect(stored(secretPath).metadata.labels).toEqual({ tier: 'data' });
    expect(JSON.stringify(body)).not.toContain('c2VjcmV0');
    expect((body.data as Obj).metadata.labels).toEqual({ tier: 'data' });
  });

  it('carries annotations into a deployment template so it rolls out', async () => {
    await call('PUT', '/resources/annotations', {
      type: 'deployments',
      namespace: 'demo',
      name: 'web',
      annotations: { team: 'b' },
    });
    const deployment = stored(deployPath);
    expect(deployment.metadata.annotations).toEqual({ team: 'b' });
    // The template's own annotations (scrape) stay; the object's old key (owner) goes.
    expect(deployment.spec?.template?.metadata?.annotations).toEqual({ scrape: 'yes', team: 'b' });
  });

  it('restarts a deployment when its labels change, leaving the selector alone', async () => {
    await call('PUT', '/resources/labels', {
      type: 'deployments',
      namespace: 'demo',
      name: 'web',
      labels: { app: 'web', release: 'r2' },
    });
    const deployment = stored(deployPath);
    expect(deployment.metadata.labels).toEqual({ app: 'web', release: 'r2' });
    expect(deployment.spec?.template?.metadata?.annotations?.[restartedAtAnnotation]).toMatch(
      /^\d{4}-\d\d-\d\dT/,
    );
  });

  it('writes nothing when nothing changes', async () => {
    const before = t.member.calls.filter((c) => c.method === 'PATCH').length;
    await call('PUT', '/resources/labels', {
      type: 'configmaps',
      namespace: 'demo',
      name: 'web',
      labels: { app: 'web' },
    });
    expect(t.member.calls.filter((c) => c.method === 'PATCH').length).toBe(before);
  });

  it('refuses bad labels, a body naming another cluster and a denied cluster', async () => {
    const bad = await call('PUT', '/resources/labels', {
      type: 'configmaps',
      namespace: 'demo',
      name: 'web',
      labels: { 'bad key!': 'v' },
    });
    expect(bad.body.code).toBe(1000);
    const elsewhere = await call('PUT', '/resources/labels', {
      cluster: 'bravo',
      type: 'configmaps',
      namespace: 'demo',
      name: 'web',
      labels: {},
    });
    expect(elsewhere.body).toMatchObject({
      code: 1000,
      message: 'cluster: must be alpha, as in the path',
    });
    const denied = await t.app.call(
      'PUT',
      `${crd}/vendors/ProviderKubeconfig/regions/r2/clusters/bravo/resources/labels`,
      {
        token: t.tokens.alice,
        body: { type: 'configmaps', namespace: 'demo', name: 'web', labels: {} },
      },
    );
    expect(denied.body.code).toBe(9997);
  });
});

describe('GET /crd.{host}/labels', () => {
  it("counts label values in the caller's clusters only", async () => {
    const pod = (cluster: string, name: string, labels: Record<string, string>) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace: 'demo',
        uid: `${cluster}-${name}`,
        resourceVersion: '1',
        labels,
      },
    });
    t.index.upsert('alpha', 'pods', [
      pod('alpha', 'a1', { app: 'web', tier: 'front' }),
      pod('alpha', 'a2', { app: 'web' }),
      pod('alpha', 'a3', { app: 'db' }),
    ]);
    t.index.upsert('bravo', 'pods', [pod('bravo', 'b1', { app: 'web', secret: 'bravo-only' })]);
    const get = (user: 'root' | 'alice', query: string) =>
      t.app.call('GET', `${crd}/labels${query}`, { token: t.tokens[user] });

    const alice = await get('alice', '');
    expect(alice.body.data).toEqual({
      items: [
        {
          key: 'app',
          values: [
            { value: 'web', count: 2 },
            { value: 'db', count: 1 },
          ],
        },
        { key: 'tier', values: [{ value: 'front', count: 1 }] },
      ],
    });
    const asked = await get('alice', '?cluster=bravo');
    expect(asked.body.data).toEqual({ items: [] });
    const root = await get('root', '?kind=pods&search=app:we');
    expect(root.body.data).toEqual({
      items: [{ key: 'app', values: [{ value: 'web', count: 3 }] }],
    });
    expect((await get('root', '?kind=widgets')).body.code).toBe(1000);
  });
});
