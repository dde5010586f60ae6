import { beforeEach, describe, expect, it } from 'vitest';
import type { ListQuery } from './store-query.js';
import type { KubeObject } from './trim.js';
import { everyKindIn } from './testing/scope.js';
import { all, obj } from './testing/objects.js';
import {
  cleanUpIndexStores,
  indexStoreKinds,
  type TestIndexStore,
} from '../testing/index-stores.js';

cleanUpIndexStores();

describe.each(indexStoreKinds)('$name index store', (kind) => {
  let store: TestIndexStore;
  beforeEach(async () => {
    store = await kind.open({ now: () => 42 });
  });

  it('upserts, updates in place and deletes', async () => {
    await store.upsert('a', 'pods', [obj('web-1', 'demo'), obj('web-2', 'demo')]);
    await store.upsert('a', 'pods', [obj('web-1', 'demo', { rv: '2', labels: { tier: 'front' } })]);
    await store.delete('a', 'pods', { namespace: 'demo', name: 'web-2', uid: 'demo-web-2' });
    const { items } = await store.list({ scope: all('a'), kinds: ['pods'] });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      cluster: 'a',
      kind: 'pods',
      name: 'web-1',
      namespace: 'demo',
      resourceVersion: '2',
      labels: { tier: 'front' },
      updated: 42,
    });
  });

  it('counts by cluster, by kind, by both or all', async () => {
    await store.upsert('a', 'pods', [obj('p1', 'demo'), obj('p2', 'demo')]);
    await store.upsert('a', 'services', [obj('s1', 'demo')]);
    await store.upsert('b', 'pods', [obj('p3', 'demo')]);
    expect(await store.count()).toBe(4);
    expect(await store.count('a')).toBe(3);
    expect(await store.count(undefined, 'pods')).toBe(3);
    expect(await store.count('a', 'pods')).toBe(2);
    expect(await store.count('b', 'services')).toBe(0);
  });

  it('keeps the counts per cluster and kind through updates, deletions, relists and drops', async () => {
    const counts = async () =>
      (await store.objectCounts())
        .map(({ cluster, kind, objects }) => `${cluster}/${kind}=${objects}`)
        .sort();
    await store.upsert('a', 'pods', [obj('p1', 'demo'), obj('p2', 'demo'), obj('p3', undefined)]);
    await store.upsert('a', 'services', [obj('s1', 'demo')]);
    await store.upsert('b', 'pods', [obj('p1', 'demo')]);
    expect(await counts()).toEqual(['a/pods=3', 'a/services=1', 'b/pods=1']);
    await store.upsert('a', 'pods', [obj('p1', 'demo', { rv: '2', labels: { tier: 'front' } })]);
    await store.delete('a', 'services', { namespace: 'demo', name: 's1', uid: 'demo-s1' });
    expect(await counts()).toEqual(['a/pods=3', 'b/pods=1']);
    // p2 was created again under its name (another uid), p3 is gone and p4 is new.
    const relist = store.beginRelist('a', 'pods');
    await relist.add([
      obj('p1', 'demo', { rv: '3' }),
      obj('p2', 'demo', { rv: '2', uid: 'p2-again' }),
      obj('p4', 'demo'),
    ]);
    await relist.finish();
    expect(await counts()).toEqual(['a/pods=3', 'b/pods=1']);
    await store.adoptCluster('b', 'uid-b');
    await store.dropCluster('b');
    expect(await counts()).toEqual(['a/pods=3']);
    expect(await store.count('a', 'pods')).toBe(3);
  });

  it('replaceAll swaps the whole (cluster, kind) and leaves the rest alone', async () => {
    await store.upsert('a', 'pods', [obj('old', 'demo'), obj('kept', 'demo')]);
    await store.upsert('b', 'pods', [obj('other', 'demo')]);
    await store.upsert('a', 'services', [obj('svc', 'demo')]);
    await store.replaceAll('a', 'pods', [obj('kept', 'demo', { rv: '5' }), obj('new', 'demo')]);
    const names = (await store.list({ scope: all('a', 'b'), kinds: ['pods', 'services'] })).items;
    expect(names.map((o) => `${o.cluster}/${o.kind}/${o.name}@${o.resourceVersion}`)).toEqual([
      'a/pods/kept@5',
      'a/pods/new@1',
      'b/pods/other@1',
      'a/services/svc@1',
    ]);
  });

  it('relists page by page: pages are visible at once, unseen objects go only at the end', async () => {
    await store.upsert('a', 'pods', [obj('gone', 'demo'), obj('kept', 'demo')]);
    await store.upsert('b', 'pods', [obj('gone', 'demo')]);
    const names = async () =>
      (await store.list({ scope: all('a', 'b'), kinds: ['pods'] })).items
        .map((o) => `${o.cluster}/${o.name}`)
        .sort();
    const relistA = store.beginRelist('a', 'pods');
    const relistB = store.beginRelist('b', 'pods');
    await relistA.add([obj('new', 'demo')]);
    expect(await names()).toEqual(['a/gone', 'a/kept', 'a/new', 'b/gone']);
    await relistA.add([obj('kept', 'demo', { rv: '2' })]);
    // Another (cluster, kind) relisting at the same time keeps its own account of what it saw.
    await relistB.add([obj('gone', 'demo')]);
    await relistA.finish();
    expect(await names()).toEqual(['a/kept', 'a/new', 'b/gone']);
    await relistB.finish();
    expect(await names()).toEqual(['a/kept', 'a/new', 'b/gone']);
  });

  it('an abandoned relist keeps what it wrote and removes nothing', async () => {
    await store.upsert('a', 'pods', [obj('old', 'demo')]);
    const relist = store.beginRelist('a', 'pods');
    await relist.add([obj('new', 'demo')]);
    await relist.abandon();
    // The next relist starts from nothing seen: only what it names survives its finish.
    const next = store.beginRelist('a', 'pods');
    await next.add([obj('old', 'demo')]);
    await next.finish();
    expect(
      (await store.list({ scope: all('a'), kinds: ['pods'] })).items.map((o) => o.name),
    ).toEqual(['old']);
  });

  it('a relist over many slices removes exactly the rows no page named', async () => {
    // Spread over namespaces, cluster-scoped ('') among them, so slices end across namespaces.
    const many = (prefix: string, n: number, rv = '1') =>
      Array.from({ length: n }, (_, i) =>
        obj(`${prefix}-${i}`, i % 3 ? `ns-${i % 5}` : undefined, { rv }),
      );
    // More rows than one deletion slice, so the unseen are found across several key ranges.
    await store.upsert('a', 'pods', [...many('kept', 700), ...many('gone', 600)]);
    await store.upsert('b', 'pods', many('other', 3));
    const relist = store.beginRelist('a', 'pods');
    await relist.add([...many('kept', 700, '2'), ...many('new', 250)]);
    await relist.finish();
    expect(await store.count('a', 'pods')).toBe(950);
    expect(await store.count('b', 'pods')).toBe(3);
    const gone = await store.list({ scope: all('a'), kinds: ['pods'], nameContains: 'gone' });
    expect(gone.items).toEqual([]);
  });

  it('drops a cluster of more rows than one slice, leaving the others', async () => {
    await store.upsert(
      'a',
      'pods',
      Array.from({ length: 1200 }, (_, i) => obj(`p-${i}`, 'demo')),
    );
    await store.upsert('b', 'pods', [obj('other', 'demo')]);
    await store.adoptCluster('a', 'uid-a');
    await store.dropCluster('a');
    expect(await store.count('a')).toBe(0);
    expect(await store.count('b')).toBe(1);
    expect(await store.clusters()).toEqual(['b']);
  });

  it('gives the cost job only Running pods bound to a node', async () => {
    const withState = (name: string, phase: string, nodeName?: string): KubeObject => ({
      ...obj(name, 'demo'),
      spec: nodeName ? { nodeName } : {},
      status: { phase },
    });
    await store.upsert('a', 'pods', [
      withState('running', 'Running', 'node-1'),
      withState('pending', 'Pending'),
      withState('bound-pending', 'Pending', 'node-1'),
      withState('done', 'Succeeded', 'node-1'),
    ]);
    await store.upsert('b', 'pods', [withState('elsewhere', 'Running', 'node-1')]);
    expect((await store.runningPodsOf('a')).map((pod) => pod.metadata?.name)).toEqual(['running']);
  });

  it('keeps one row for an object created again under its name; the earlier uid removes nothing', async () => {
    await store.upsert('a', 'pods', [obj('web', 'demo', { uid: 'earlier' })]);
    // The watch missed the deletion and the creation; the relist that follows lists the later one.
    const relist = store.beginRelist('a', 'pods');
    await relist.add([obj('web', 'demo', { uid: 'later', rv: '2' })]);
    await relist.finish();
    const uids = async () =>
      (await store.list({ scope: all('a'), kinds: ['pods'] })).items.map((o) => o.uid);
    expect(await uids()).toEqual(['later']);
    await store.apply('a', 'pods', [
      { type: 'delete', namespace: 'demo', name: 'web', uid: 'earlier' },
    ]);
    expect(await uids()).toEqual(['later']);
    await store.delete('a', 'pods', { namespace: 'demo', name: 'web', uid: 'later' });
    expect(await uids()).toEqual([]);
  });

  it('applies watch changes in order in one transaction', async () => {
    await store.apply('a', 'pods', [
      { type: 'upsert', object: obj('x', 'demo') },
      { type: 'delete', namespace: 'demo', name: 'x', uid: 'demo-x' },
      { type: 'upsert', object: obj('y', 'demo') },
    ]);
    expect(
      (await store.list({ scope: all('a'), kinds: ['pods'] })).items.map((o) => o.name),
    ).toEqual(['y']);
  });

  it('skips an event of an object without a name, whatever came before it', async () => {
    const nameless: KubeObject = { ...obj('z', 'demo'), metadata: { uid: 'demo-z' } };
    await store.upsert('a', 'pods', [obj('z', 'demo'), obj('w', 'demo')]);
    await store.apply('a', 'pods', [
      { type: 'delete', namespace: 'demo', name: 'z', uid: 'demo-z' },
      { type: 'upsert', object: nameless },
      { type: 'upsert', object: obj('w', 'demo', { rv: '2' }) },
      { type: 'upsert', object: { ...nameless, metadata: { uid: 'demo-w' } } },
    ]);
    const items = (await store.list({ scope: all('a'), kinds: ['pods'] })).items;
    expect(items.map((o) => `${o.name}@${o.resourceVersion}`)).toEqual(['w@2']);
  });

  it('searches by the labels an object has now, not those it had', async () => {
    await store.upsert('a', 'pods', [obj('api', 'demo', { labels: { tier: 'front' } })]);
    await store.upsert('a', 'pods', [obj('api', 'demo', { rv: '2', labels: { tier: 'back' } })]);
    const hits = async (text: string) =>
      (await store.search({ text, scope: all('a') })).flatMap((group) => group.resources);
    expect(await hits('tier:front')).toEqual([]);
    expect(await hits('tier:back')).toHaveLength(1);
    const labelled = await store.list({ scope: all('a'), kinds: ['pods'], labels: ['tier:back'] });
    expect(labelled.items.map((o) => o.name)).toEqual(['api']);
  });

  it('filters by label Key:Val (first colon, trimmed), name substring and namespace', async () => {
    await store.upsert('a', 'pods', [
      obj('web-1', 'demo', { labels: { app: 'web', url: 'http://x' } }),
      obj('web-2', 'prod', { labels: { app: 'web' } }),
      obj('db-1', 'demo', { labels: { app: 'db' } }),
    ]);
    const names = async (query: Partial<ListQuery>) =>
      (await store.list({ scope: all('a'), kinds: ['pods'], ...query })).items.map((o) => o.name);
    expect(await names({ labels: [' app : web '] })).toEqual(['web-1', 'web-2']);
    expect(await names({ labels: ['url:http://x'] })).toEqual(['web-1']);
    expect(await names({ labels: ['url:'] })).toEqual(['web-1']);
    expect(await names({ labels: ['app:web', 'url'] })).toEqual(['web-1']);
    expect(await names({ nameContains: 'EB-' })).toEqual(['web-1', 'web-2']);
    expect(await names({ nameContains: 'b-1' })).toEqual(['db-1', 'web-1']);
    expect(await names({ nameContains: 'd' })).toEqual(['db-1']);
    expect(await names({ namespaces: ['prod'] })).toEqual(['web-2']);
  });

  it('applies the allowed scope before the limit', async () => {
    // 30 forbidden rows sort before the single allowed one: cutting first would return nothing.
    const hidden = Array.from({ length: 30 }, (_, i) => obj(`a-${i}`, 'secret-team'));
    await store.upsert('a', 'pods', [...hidden, obj('z-allowed', 'demo')]);
    await store.upsert('b', 'pods', [obj('a-other-cluster', 'demo')]);
    await store.upsert('a', 'namespaces', [obj('demo', undefined), obj('secret-team', undefined)]);
    await store.upsert('a', 'nodes', [obj('node-1', undefined)]);
    const scope = [everyKindIn('a', ['demo'])];
    const page = await store.list({ scope, kinds: ['pods'], limit: 1 });
    expect(page.items.map((o) => o.name)).toEqual(['z-allowed']);
    expect(page.nextCursor).toBeUndefined();
    const clusterScoped = await store.list({ scope, kinds: ['namespaces', 'nodes'] });
    expect(clusterScoped.items.map((o) => `${o.kind}/${o.name}`)).toEqual(['namespaces/demo']);
    expect((await store.list({ scope: [], kinds: ['pods'] })).items).toEqual([]);
    expect(
      (await store.list({ scope: all('a', 'b'), clusters: ['b'], kinds: ['pods'] })).items,
    ).toHaveLength(1);
  });

  it('applies the kinds allowed per cluster before the limit, in lists, search and labels', async () => {
    // Cluster a allows pods only, b services only: 20 hidden a/services sort before the rest.
    const tagged = (name: string) => obj(name, 'demo', { labels: { team: 'x' } });
    await store.upsert(
      'a',
      'services',
      Array.from({ length: 20 }, (_, i) => tagged(`a-svc-${i}`)),
    );
    await store.upsert('a', 'pods', [tagged('b-pod')]);
    await store.upsert('b', 'pods', [tagged('a-pod-hidden')]);
    await store.upsert('b', 'services', [tagged('c-svc')]);
    const scope = [
      { cluster: 'a', kinds: ['pods'] },
      { cluster: 'b', kinds: ['services'] },
      { cluster: 'c', kinds: [] },
    ];
    const first = await store.list({ scope, kinds: ['pods', 'services'], limit: 1 });
    expect(first.items.map((o) => `${o.cluster}/${o.name}`)).toEqual(['a/b-pod']);
    const second = await store.list({
      scope,
      kinds: ['pods', 'services'],
      limit: 1,
      after: first.nextCursor,
    });
    expect(second.items.map((o) => `${o.cluster}/${o.name}`)).toEqual(['b/c-svc']);
    expect(second.nextCursor).toBeUndefined();
    const hits = (await store.search({ text: 'svc', scope })).map(
      (g) => `${g.cluster}/${g.resources.length}`,
    );
    expect(hits).toEqual(['b/1']);
    expect(await store.labels({ scope })).toEqual([
      { key: 'team', values: [{ value: 'x', count: 2 }] },
    ]);
    expect(
      (await store.list({ scope: [{ cluster: 'a', kinds: [] }], kinds: ['pods'] })).items,
    ).toEqual([]);
  });

  it('keeps no ConfigMap values, env values or Secret annotations beyond the allow-list', async () => {
    await store.upsert('a', 'configmaps', [
      { ...obj('settings', 'demo'), data: { url: 'hunter2-url' }, binaryData: { key: 'aHVu' } },
    ]);
    const template = {
      spec: {
        initContainers: [{ name: 'init', env: [{ name: 'A', value: 'hunter2-init' }] }],
        containers: [
          {
            name: 'app',
            env: [
              { name: 'B', value: 'hunter2-app' },
              { name: 'C', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
            ],
          },
        ],
      },
    };
    await store.upsert('a', 'pods', [{ ...obj('web', 'demo'), ...template }]);
    await store.upsert('a', 'cronjobs', [
      {
        ...obj('nightly', 'demo'),
        spec: { schedule: '@daily', jobTemplate: { spec: { template } } },
      },
    ]);
    await store.upsert('a', 'secrets', [
      {
        ...obj('token', 'demo'),
        kind: 'Secret',
        metadata: {
          ...obj('token', 'demo').metadata,
          annotations: {
            'kubernetes.io/service-account.name': 'builder',
            'example.com/api-token': 'hunter2-annotation',
          },
        },
      },
    ]);
    const everything = await store.list({
      scope: all('a'),
      kinds: ['configmaps', 'pods', 'cronjobs', 'secrets'],
    });
    const stored = JSON.stringify(everything.items);
    expect(stored).not.toContain('hunter2');
    expect(stored).not.toContain('aHVu');
    const byName = new Map(everything.items.map((item) => [item.name, item.object]));
    expect(byName.get('settings')).toMatchObject({ data: { url: '' }, binaryData: { key: '' } });
    expect(byName.get('web')).toMatchObject({
      spec: {
        initContainers: [{ env: [{ name: 'A' }] }],
        containers: [
          { env: [{ name: 'B' }, { name: 'C', valueFrom: { secretKeyRef: { key: 'k' } } }] },
        ],
      },
    });
    expect(byName.get('nightly')).toMatchObject({ spec: { schedule: '@daily' } });
    expect(byName.get('token')?.metadata?.annotations).toEqual({
      'kubernetes.io/service-account.name': 'builder',
    });
    expect(await store.search({ text: 'hunter2', scope: all('a') })).toEqual([]);
  });

  it('searches with trigrams over name, namespace and labels, grouped by cluster then kind', async () => {
    await store.upsert('a', 'pods', [
      obj('checkout-api-7f9', 'shop', { labels: { team: 'payments' } }),
    ]);
    await store.upsert('a', 'services', [obj('checkout', 'shop')]);
    await store.upsert('b', 'pods', [obj('checkout-worker', 'hidden')]);
    await store.upsert('a', 'configmaps', [obj('settings', 'payments-ns')]);
    const scope = [everyKindIn('a'), everyKindIn('b', ['demo'])];
    expect(await store.search({ text: 'CKOUT', scope })).toEqual([
      {
        cluster: 'a',
        resources: [
          {
            type: 'pods',
            samples: [
              {
                labels: { name: 'checkout-api-7f9', namespace: 'shop' },
                value: '2026-01-01T00:00:00Z',
              },
            ],
          },
          {
            type: 'services',
            samples: [
              { labels: { name: 'checkout', namespace: 'shop' }, value: '2026-01-01T00:00:00Z' },
            ],
          },
        ],
      },
    ]);
    const byLabel = await store.search({ text: 'payments', scope });
    expect(byLabel.flatMap((g) => g.resources.map((r) => r.type))).toEqual(['configmaps', 'pods']);
    expect((await store.search({ text: 'f9', scope }))[0]?.resources[0]?.samples).toHaveLength(1);
    expect(await store.search({ text: '") OR *', scope })).toEqual([]);
    expect(await store.search({ text: '  ', scope })).toEqual([]);
  });

  it('stores trimmed objects and only metadata of secrets', async () => {
    const managed: KubeObject = {
      ...obj('web', 'demo'),
      metadata: {
        ...obj('web', 'demo').metadata,
        managedFields: [{ manager: 'kubectl' }],
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration': '{"big":true}',
          keep: 'me',
        },
      },
    };
    await store.upsert('a', 'pods', [managed]);
    await store.upsert('a', 'secrets', [
      {
        ...obj('creds', 'demo'),
        kind: 'Secret',
        data: { password: 'aHVudGVyMg==' },
        stringData: { x: 'y' },
      },
    ]);
    const [pod] = (await store.list({ scope: all('a'), kinds: ['pods'] })).items;
    expect(pod?.object.metadata).not.toHaveProperty('managedFields');
    expect(pod?.object.metadata?.annotations).toEqual({ keep: 'me' });
    expect(pod?.object).toHaveProperty('spec');
    const [secret] = (await store.list({ scope: all('a'), kinds: ['secrets'] })).items;
    expect(Object.keys(secret?.object ?? {}).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
    expect(JSON.stringify(secret)).not.toContain('aHVudGVyMg');
  });
});
