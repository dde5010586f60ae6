import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { IndexStore } from './store.js';
import { InvalidCursorError } from './cursor.js';
import { indexFormatVersion } from './schema.js';
import type { KubeObject } from './trim.js';
import { everyKindIn } from './testing/scope.js';

function obj(
  name: string,
  namespace: string | undefined,
  extra: { uid?: string; labels?: Record<string, string>; created?: string; rv?: string } = {},
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      ...(namespace ? { namespace } : {}),
      uid: extra.uid ?? `${namespace ?? ''}-${name}`,
      resourceVersion: extra.rv ?? '1',
      creationTimestamp: extra.created ?? '2026-01-01T00:00:00Z',
      labels: extra.labels ?? {},
    },
    spec: { nodeName: 'node-1' },
  };
}

const all = (...clusters: string[]) => clusters.map((cluster) => everyKindIn(cluster));

describe('IndexStore', () => {
  let store: IndexStore;
  beforeEach(() => {
    store = IndexStore.open(':memory:', { now: () => 42 });
  });
  afterEach(() => store.close());

  it('upserts, updates in place and deletes', () => {
    store.upsert('a', 'pods', [obj('web-1', 'demo'), obj('web-2', 'demo')]);
    store.upsert('a', 'pods', [obj('web-1', 'demo', { rv: '2', labels: { tier: 'front' } })]);
    store.delete('a', 'pods', 'demo-web-2');
    const { items } = store.list({ scope: all('a'), kinds: ['pods'] });
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

  it('counts by cluster, by kind, by both or all', () => {
    store.upsert('a', 'pods', [obj('p1', 'demo'), obj('p2', 'demo')]);
    store.upsert('a', 'services', [obj('s1', 'demo')]);
    store.upsert('b', 'pods', [obj('p3', 'demo')]);
    expect(store.count()).toBe(4);
    expect(store.count('a')).toBe(3);
    expect(store.count(undefined, 'pods')).toBe(3);
    expect(store.count('a', 'pods')).toBe(2);
    expect(store.count('b', 'services')).toBe(0);
  });

  it('replaceAll swaps the whole (cluster, kind) and leaves the rest alone', () => {
    store.upsert('a', 'pods', [obj('old', 'demo'), obj('kept', 'demo')]);
    store.upsert('b', 'pods', [obj('other', 'demo')]);
    store.upsert('a', 'services', [obj('svc', 'demo')]);
    store.replaceAll('a', 'pods', [obj('kept', 'demo', { rv: '5' }), obj('new', 'demo')]);
    const names = store.list({ scope: all('a', 'b'), kinds: ['pods', 'services'] }).items;
    expect(names.map((o) => `${o.cluster}/${o.kind}/${o.name}@${o.resourceVersion}`)).toEqual([
      'a/pods/kept@5',
      'a/pods/new@1',
      'b/pods/other@1',
      'a/services/svc@1',
    ]);
  });

  it('relists page by page: pages are visible at once, unseen objects go only at the end', async () => {
    store.upsert('a', 'pods', [obj('gone', 'demo'), obj('kept', 'demo')]);
    store.upsert('b', 'pods', [obj('gone', 'demo')]);
    const names = () =>
      store
        .list({ scope: all('a', 'b'), kinds: ['pods'] })
        .items.map((o) => `${o.cluster}/${o.name}`)
        .sort();
    const relistA = store.beginRelist('a', 'pods');
    const relistB = store.beginRelist('b', 'pods');
    await relistA.add([obj('new', 'demo')]);
    expect(names()).toEqual(['a/gone', 'a/kept', 'a/new', 'b/gone']);
    await relistA.add([obj('kept', 'demo', { rv: '2' })]);
    // Another (cluster, kind) relisting at the same time keeps its own account of what it saw.
    await relistB.add([obj('gone', 'demo')]);
    await relistA.finish();
    expect(names()).toEqual(['a/kept', 'a/new', 'b/gone']);
    await relistB.finish();
    expect(names()).toEqual(['a/kept', 'a/new', 'b/gone']);
  });

  it('an abandoned relist keeps what it wrote and removes nothing', async () => {
    store.upsert('a', 'pods', [obj('old', 'demo')]);
    const relist = store.beginRelist('a', 'pods');
    await relist.add([obj('new', 'demo')]);
    await relist.abandon();
    // The next relist starts from nothing seen: only what it names survives its finish.
    const next = store.beginRelist('a', 'pods');
    await next.add([obj('old', 'demo')]);
    await next.finish();
    expect(store.list({ scope: all('a'), kinds: ['pods'] }).items.map((o) => o.name)).toEqual([
      'old',
    ]);
  });

  it('a relist over many slices removes exactly the rows no page named', async () => {
    const many = (prefix: string, n: number, rv = '1') =>
      Array.from({ length: n }, (_, i) => obj(`${prefix}-${i}`, 'demo', { rv }));
    // More rows than one deletion slice, so the unseen are found across several uid ranges.
    store.upsert('a', 'pods', [...many('kept', 700), ...many('gone', 600)]);
    store.upsert('b', 'pods', many('other', 3));
    const relist = store.beginRelist('a', 'pods');
    await relist.add([...many('kept', 700, '2'), ...many('new', 250)]);
    await relist.finish();
    expect(store.count('a', 'pods')).toBe(950);
    expect(store.count('b', 'pods')).toBe(3);
    const gone = store.list({ scope: all('a'), kinds: ['pods'], nameContains: 'gone' });
    expect(gone.items).toEqual([]);
  });

  it('drops a cluster of more rows than one slice, leaving the others', async () => {
    store.upsert(
      'a',
      'pods',
      Array.from({ length: 1200 }, (_, i) => obj(`p-${i}`, 'demo')),
    );
    store.upsert('b', 'pods', [obj('other', 'demo')]);
    await store.adoptCluster('a', 'uid-a');
    await store.dropCluster('a');
    expect(store.count('a')).toBe(0);
    expect(store.count('b')).toBe(1);
    expect(store.clusters()).toEqual(['b']);
  });

  it('gives the cost job only Running pods bound to a node', () => {
    const withState = (name: string, phase: string, nodeName?: string): KubeObject => ({
      ...obj(name, 'demo'),
      spec: nodeName ? { nodeName } : {},
      status: { phase },
    });
    store.upsert('a', 'pods', [
      withState('running', 'Running', 'node-1'),
      withState('pending', 'Pending'),
      withState('bound-pending', 'Pending', 'node-1'),
      withState('done', 'Succeeded', 'node-1'),
    ]);
    store.upsert('b', 'pods', [withState('elsewhere', 'Running', 'node-1')]);
    expect(store.runningPodsOf('a').map((pod) => pod.metadata?.name)).toEqual(['running']);
  });

  it('applies watch changes in order in one transaction', () => {
    store.apply('a', 'pods', [
      { type: 'upsert', object: obj('x', 'demo') },
      { type: 'delete', uid: 'demo-x' },
      { type: 'upsert', object: obj('y', 'demo') },
    ]);
    expect(store.list({ scope: all('a'), kinds: ['pods'] }).items.map((o) => o.name)).toEqual([
      'y',
    ]);
  });

  it('pages by keyset, stable across ties in name, with no gaps or repeats', () => {
    const objects: KubeObject[] = [];
    for (let i = 0; i < 25; i++) {
      // Many rows share a name; only namespace/cluster/uid break the tie.
      objects.push(obj(`pod-${i % 4}`, `ns-${i % 3}`, { uid: `u${String(i).padStart(2, '0')}` }));
    }
    store.upsert('a', 'pods', objects.slice(0, 13));
    store.upsert('b', 'pods', objects.slice(13));
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = store.list({ scope: all('a', 'b'), kinds: ['pods'], limit: 4, after });
      seen.push(...page.items.map((o) => o.uid));
      after = page.nextCursor;
      pages++;
    } while (after);
    expect(pages).toBe(7);
    expect(new Set(seen).size).toBe(25);
    const full = store.list({ scope: all('a', 'b'), kinds: ['pods'], limit: 100 });
    expect(full.items.map((o) => o.uid)).toEqual(seen);
    expect(full.nextCursor).toBeUndefined();
  });

  it('sorts by creation time in both directions and rejects foreign cursors', () => {
    store.upsert('a', 'pods', [
      obj('b', 'demo', { created: '2026-01-02T00:00:00Z' }),
      obj('a', 'demo', { created: '2026-01-03T00:00:00Z' }),
      obj('c', 'demo', { created: '2026-01-01T00:00:00Z' }),
    ]);
    const desc = store.list({
      scope: all('a'),
      kinds: ['pods'],
      sort: 'created',
      order: 'desc',
      limit: 2,
    });
    expect(desc.items.map((o) => o.name)).toEqual(['a', 'b']);
    const next = store.list({
      scope: all('a'),
      kinds: ['pods'],
      sort: 'created',
      order: 'desc',
      after: desc.nextCursor,
    });
    expect(next.items.map((o) => o.name)).toEqual(['c']);
    expect(() =>
      store.list({ scope: all('a'), kinds: ['pods'], sort: 'name', after: desc.nextCursor }),
    ).toThrow(InvalidCursorError);
    expect(() => store.list({ scope: all('a'), kinds: ['pods'], after: 'garbage' })).toThrow(
      InvalidCursorError,
    );
  });

  it('filters by label Key:Val (first colon, trimmed), name substring and namespace', () => {
    store.upsert('a', 'pods', [
      obj('web-1', 'demo', { labels: { app: 'web', url: 'http://x' } }),
      obj('web-2', 'prod', { labels: { app: 'web' } }),
      obj('db-1', 'demo', { labels: { app: 'db' } }),
    ]);
    const names = (query: Partial<Parameters<IndexStore['list']>[0]>) =>
      store.list({ scope: all('a'), kinds: ['pods'], ...query }).items.map((o) => o.name);
    expect(names({ labels: [' app : web '] })).toEqual(['web-1', 'web-2']);
    expect(names({ labels: ['url:http://x'] })).toEqual(['web-1']);
    expect(names({ labels: ['url:'] })).toEqual(['web-1']);
    expect(names({ labels: ['app:web', 'url'] })).toEqual(['web-1']);
    expect(names({ nameContains: 'EB-' })).toEqual(['web-1', 'web-2']);
    expect(names({ nameContains: 'b-1' })).toEqual(['db-1', 'web-1']);
    expect(names({ nameContains: 'd' })).toEqual(['db-1']);
    expect(names({ namespaces: ['prod'] })).toEqual(['web-2']);
  });

  it('applies the allowed scope before the limit', () => {
    // 30 forbidden rows sort before the single allowed one: cutting first would return nothing.
    const hidden = Array.from({ length: 30 }, (_, i) => obj(`a-${i}`, 'secret-team'));
    store.upsert('a', 'pods', [...hidden, obj('z-allowed', 'demo')]);
    store.upsert('b', 'pods', [obj('a-other-cluster', 'demo')]);
    store.upsert('a', 'namespaces', [obj('demo', undefined), obj('secret-team', undefined)]);
    store.upsert('a', 'nodes', [obj('node-1', undefined)]);
    const scope = [everyKindIn('a', ['demo'])];
    const page = store.list({ scope, kinds: ['pods'], limit: 1 });
    expect(page.items.map((o) => o.name)).toEqual(['z-allowed']);
    expect(page.nextCursor).toBeUndefined();
    const clusterScoped = store.list({ scope, kinds: ['namespaces', 'nodes'] });
    expect(clusterScoped.items.map((o) => `${o.kind}/${o.name}`)).toEqual(['namespaces/demo']);
    expect(store.list({ scope: [], kinds: ['pods'] }).items).toEqual([]);
    expect(
      store.list({ scope: all('a', 'b'), clusters: ['b'], kinds: ['pods'] }).items,
    ).toHaveLength(1);
  });

  it('applies the kinds allowed per cluster before the limit, in lists, search and labels', () => {
    // Cluster a allows pods only, b services only: 20 hidden a/services sort before the rest.
    const tagged = (name: string) => obj(name, 'demo', { labels: { team: 'x' } });
    store.upsert(
      'a',
      'services',
      Array.from({ length: 20 }, (_, i) => tagged(`a-svc-${i}`)),
    );
    store.upsert('a', 'pods', [tagged('b-pod')]);
    store.upsert('b', 'pods', [tagged('a-pod-hidden')]);
    store.upsert('b', 'services', [tagged('c-svc')]);
    const scope = [
      { cluster: 'a', kinds: ['pods'] },
      { cluster: 'b', kinds: ['services'] },
      { cluster: 'c', kinds: [] },
    ];
    const first = store.list({ scope, kinds: ['pods', 'services'], limit: 1 });
    expect(first.items.map((o) => `${o.cluster}/${o.name}`)).toEqual(['a/b-pod']);
    const second = store.list({
      scope,
      kinds: ['pods', 'services'],
      limit: 1,
      after: first.nextCursor,
    });
    expect(second.items.map((o) => `${o.cluster}/${o.name}`)).toEqual(['b/c-svc']);
    expect(second.nextCursor).toBeUndefined();
    const hits = store
      .search({ text: 'svc', scope })
      .map((g) => `${g.cluster}/${g.resources.length}`);
    expect(hits).toEqual(['b/1']);
    expect(store.labels({ scope })).toEqual([{ key: 'team', values: [{ value: 'x', count: 2 }] }]);
    expect(store.list({ scope: [{ cluster: 'a', kinds: [] }], kinds: ['pods'] }).items).toEqual([]);
  });

  it('keeps no ConfigMap values, env values or Secret annotations beyond the allow-list', () => {
    store.upsert('a', 'configmaps', [
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
    store.upsert('a', 'pods', [{ ...obj('web', 'demo'), ...template }]);
    store.upsert('a', 'cronjobs', [
      {
        ...obj('nightly', 'demo'),
        spec: { schedule: '@daily', jobTemplate: { spec: { template } } },
      },
    ]);
    store.upsert('a', 'secrets', [
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
    const everything = store.list({
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
    expect(store.search({ text: 'hunter2', scope: all('a') })).toEqual([]);
  });

  it('searches with trigrams over name, namespace and labels, grouped by cluster then kind', () => {
    store.upsert('a', 'pods', [obj('checkout-api-7f9', 'shop', { labels: { team: 'payments' } })]);
    store.upsert('a', 'services', [obj('checkout', 'shop')]);
    store.upsert('b', 'pods', [obj('checkout-worker', 'hidden')]);
    store.upsert('a', 'configmaps', [obj('settings', 'payments-ns')]);
    const scope = [everyKindIn('a'), everyKindIn('b', ['demo'])];
    expect(store.search({ text: 'CKOUT', scope })).toEqual([
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
    const byLabel = store.search({ text: 'payments', scope });
    expect(byLabel.flatMap((g) => g.resources.map((r) => r.type))).toEqual(['configmaps', 'pods']);
    expect(store.search({ text: 'f9', scope })[0]?.resources[0]?.samples).toHaveLength(1);
    expect(store.search({ text: '") OR *', scope })).toEqual([]);
    expect(store.search({ text: '  ', scope })).toEqual([]);
  });

  it('stores trimmed objects and only metadata of secrets', () => {
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
    store.upsert('a', 'pods', [managed]);
    store.upsert('a', 'secrets', [
      {
        ...obj('creds', 'demo'),
        kind: 'Secret',
        data: { password: 'aHVudGVyMg==' },
        stringData: { x: 'y' },
      },
    ]);
    const [pod] = store.list({ scope: all('a'), kinds: ['pods'] }).items;
    expect(pod?.object.metadata).not.toHaveProperty('managedFields');
    expect(pod?.object.metadata?.annotations).toEqual({ keep: 'me' });
    expect(pod?.object).toHaveProperty('spec');
    const [secret] = store.list({ scope: all('a'), kinds: ['secrets'] }).items;
    expect(Object.keys(secret?.object ?? {}).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
    expect(JSON.stringify(secret)).not.toContain('aHVudGVyMg');
  });

  it('empties a store written in an older format, so a relist rewrites every object', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-index-'));
    try {
      const path = join(dir, 'index.db');
      const first = IndexStore.open(path);
      first.upsert('a', 'pods', [obj('web', 'demo')]);
      first.close();
      const raw = new DatabaseSync(path);
      raw.exec('PRAGMA user_version = 1');
      raw.close();
      const reopened = IndexStore.open(path);
      expect(reopened.count()).toBe(0);
      reopened.replaceAll('a', 'pods', [obj('web', 'demo')]);
      expect(reopened.count('a', 'pods')).toBe(1);
      expect(reopened.search({ text: 'web', scope: all('a') })).toHaveLength(1);
      reopened.close();
      const version = new DatabaseSync(path);
      expect(version.prepare('PRAGMA user_version').get()).toEqual({
        user_version: indexFormatVersion,
      });
      version.close();
      // The same format is kept as it is.
      const again = IndexStore.open(path);
      expect(again.count()).toBe(1);
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rewrites trigram entries only when the name, namespace or labels change', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-index-'));
    try {
      const path = join(dir, 'index.db');
      const writer = IndexStore.open(path);
      const reader = new DatabaseSync(path);
      // Every write to the FTS5 table adds a segment record to its data table.
      const ftsRecords = () => reader.prepare('SELECT count(*) AS n FROM objects_fts_data').get();
      writer.upsert('a', 'pods', [obj('web', 'demo', { labels: { tier: 'front' } })]);
      const before = ftsRecords();
      writer.upsert('a', 'pods', [
        {
          ...obj('web', 'demo', { rv: '2', labels: { tier: 'front' } }),
          status: { phase: 'Running' },
        },
      ]);
      expect(ftsRecords()).toEqual(before);
      writer.upsert('a', 'pods', [obj('web', 'demo', { rv: '3', labels: { tier: 'back' } })]);
      expect(ftsRecords()).not.toEqual(before);
      expect(writer.search({ text: 'tier:back', scope: all('a') })).toHaveLength(1);
      expect(writer.search({ text: 'tier:front', scope: all('a') })).toEqual([]);
      reader.close();
      writer.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('persists to a WAL file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-index-'));
    try {
      const path = join(dir, 'index.db');
      const first = IndexStore.open(path);
      first.upsert('a', 'pods', [obj('web', 'demo')]);
      first.close();
      const second = IndexStore.open(path);
      expect(second.count('a', 'pods')).toBe(1);
      expect(second.count()).toBe(1);
      second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
