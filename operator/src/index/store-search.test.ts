import { beforeEach, describe, expect, it } from 'vitest';
import { InvalidCursorError } from './cursor.js';
import { fewTrigramMatches } from './store-query.js';
import type { KubeObject } from './trim.js';
import { everyKindIn } from './testing/scope.js';
import {
  cleanUpIndexStores,
  indexStoreKinds,
  type TestIndexStore,
} from '../testing/index-stores.js';

cleanUpIndexStores();

function pod(name: string, namespace: string): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace,
      uid: `${namespace}-${name}`,
      resourceVersion: '1',
      creationTimestamp: '2026-01-01T00:00:00Z',
    },
  };
}

const found = async (store: TestIndexStore, text: string, scope = [everyKindIn('a')], limit = 5) =>
  (await store.search({ text, scope, limit })).flatMap((group) =>
    group.resources.flatMap((r) =>
      r.samples.map((s) => `${group.cluster}/${s.labels.namespace}/${s.labels.name}`),
    ),
  );

// A search starts from the trigram matches when they are few, and walks the caller's scope in
// order when they are many; both must answer alike: in scope, ordered by namespace and name.
// PostgreSQL has one plan for both (pg_trgm), so there the same data simply checks the same answers.
describe.each(indexStoreKinds)(
  '$name index search with few and with many trigram matches',
  (kind) => {
    let store: TestIndexStore;
    const many = fewTrigramMatches + 100;

    beforeEach(async () => {
      store = await kind.open();
      const web = Array.from({ length: many }, (_, i) => pod(`web-${i}`, i % 2 ? 'odd' : 'even'));
      await store.upsert('a', 'pods', web);
      await store.upsert('hidden', 'pods', [pod('web-42', 'even'), pod('web-zero', 'aaa')]);
    });

    it('orders many matches by namespace then name, within the scope only', async () => {
      expect(await found(store, 'web')).toEqual([
        'a/even/web-0',
        'a/even/web-10',
        'a/even/web-100',
        'a/even/web-1000',
        'a/even/web-1002',
      ]);
    });

    it('orders few matches the same way, within the scope only', async () => {
      expect(await found(store, 'web-420')).toEqual([
        'a/even/web-420',
        'a/even/web-4200',
        'a/even/web-4202',
        'a/even/web-4204',
        'a/even/web-4206',
      ]);
      expect(await found(store, 'web-421', [everyKindIn('a')], 3)).toEqual([
        'a/even/web-4210',
        'a/even/web-4212',
        'a/even/web-4214',
      ]);
      expect(await found(store, 'zero')).toEqual([]);
      expect(await found(store, 'zero', [everyKindIn('hidden')])).toEqual(['hidden/aaa/web-zero']);
    });

    it('answers nothing at once when no trigram matches', async () => {
      expect(await found(store, 'no-such-name')).toEqual([]);
    });

    it('pages a name filter alike with few and with many matches, cursor included', async () => {
      const page = async (nameContains: string, after?: string) => {
        const { items, nextCursor } = await store.list({
          scope: [everyKindIn('a')],
          kinds: ['pods'],
          nameContains,
          limit: 2,
          ...(after ? { after } : {}),
        });
        return { names: items.map((o) => `${o.namespace}/${o.name}`), nextCursor };
      };
      const many = await page('web');
      expect(many.names).toEqual(['even/web-0', 'odd/web-1']);
      expect((await page('web', many.nextCursor)).names).toEqual(['even/web-10', 'even/web-100']);
      const few = await page('web-420');
      expect(few.names).toEqual(['even/web-420', 'even/web-4200']);
      expect((await page('web-420', few.nextCursor)).names).toEqual([
        'odd/web-4201',
        'even/web-4202',
      ]);
      expect((await page('eb-42', few.nextCursor)).names).toEqual([
        'odd/web-4201',
        'even/web-4202',
      ]);
      expect(await page('no-such-name')).toEqual({ names: [], nextCursor: undefined });
      // A malformed cursor is refused even when nothing matches (page is async: a rejection).
      await expect(page('no-such-name', 'not-a-cursor')).rejects.toThrow(InvalidCursorError);
    });
  },
);

// A long text is first looked up by its last characters (store-query.ts narrowedPiece) and the
// rows found are checked for the whole text; the answers are those of the whole phrase.
describe.each(indexStoreKinds)('$name index search of a long text', (kind) => {
  let store: TestIndexStore;
  const runners = fewTrigramMatches + 100;

  beforeEach(async () => {
    store = await kind.open();
    const labelled = (name: string, namespace: string, labels: Record<string, string>) => {
      const object = pod(name, namespace);
      return { ...object, metadata: { ...object.metadata, labels } };
    };
    await store.upsert('a', 'pods', [
      pod('alpha-tail01', 'shop'),
      pod('beta-tail01', 'shop'),
      pod('cache-server', 'front-end'),
      labelled('api-1', 'payments-prod', { team: 'checkout-blue' }),
      // More rows end in "runner" than a narrowed lookup reads: the whole phrase answers.
      ...Array.from({ length: runners }, (_, i) => pod(`job-${i}-runner`, 'ci')),
    ]);
  });

  it('finds only the rows holding the whole text, in any of the three columns', async () => {
    expect(await found(store, 'alpha-tail01')).toEqual(['a/shop/alpha-tail01']);
    expect(await found(store, 'ALPHA-tail01')).toEqual(['a/shop/alpha-tail01']);
    expect(await found(store, 'lpha-tail01')).toEqual(['a/shop/alpha-tail01']);
    expect(await found(store, 'gamma-tail01')).toEqual([]);
    // Its last characters are in one column, the rest in another: no single column holds it.
    expect(await found(store, 'front-end-server')).toEqual([]);
    expect(await found(store, 'payments-prod')).toEqual(['a/payments-prod/api-1']);
    expect(await found(store, 'team:checkout-blue')).toEqual(['a/payments-prod/api-1']);
  });

  it('answers a text whose last characters are common like any other', async () => {
    // Written after the first fewTrigramMatches rows ending in "runner".
    expect(await found(store, 'job-5042-runner')).toEqual(['a/ci/job-5042-runner']);
    expect(await found(store, 'b-5099-runner')).toEqual(['a/ci/job-5099-runner']);
  });

  it('filters a list by name the same way', async () => {
    const names = async (nameContains: string) =>
      (await store.list({ scope: [everyKindIn('a')], kinds: ['pods'], nameContains })).items.map(
        (o) => o.name,
      );
    expect(await names('alpha-tail01')).toEqual(['alpha-tail01']);
    expect(await names('TAIL01')).toEqual(['alpha-tail01', 'beta-tail01']);
    // The name filter reads names only, not namespaces or labels.
    expect(await names('payments-prod')).toEqual([]);
    expect(await names('job-5042-runner')).toEqual(['job-5042-runner']);
  });
});

// Names are matched in the objects' trigram table; namespaces and label pairs, a few distinct
// strings, in their own (schema.ts): the answers are those of one search over all three, with few
// and with many matches of each.
describe.each(indexStoreKinds)('$name index search of namespaces and label pairs', (kind) => {
  let store: TestIndexStore;
  const many = fewTrigramMatches + 100;
  const labelled = (name: string, namespace: string, labels: Record<string, string>) => {
    const object = pod(name, namespace);
    return { ...object, metadata: { ...object.metadata, labels } };
  };

  beforeEach(async () => {
    store = await kind.open();
    await store.upsert('a', 'pods', [
      // Before the others in the scope's order: a walk passes them all first.
      ...Array.from({ length: many }, (_, i) =>
        labelled(`run-${i}`, 'batch-jobs', { team: 'night-shift' }),
      ),
      labelled('api-1', 'payments-prod', { team: 'checkout', tier: 'front' }),
      labelled('api-2', 'shop', { tier: 'back' }),
      labelled('api-3', 'aaa', { shift: 'late' }),
    ]);
    await store.upsert('hidden', 'pods', [labelled('x', 'payments-prod', { team: 'checkout' })]);
  });

  it('finds few rows by namespace or by one label pair, within the scope only', async () => {
    expect(await found(store, 'PAYMENTS')).toEqual(['a/payments-prod/api-1']);
    expect(await found(store, 'checkout')).toEqual(['a/payments-prod/api-1']);
    expect(await found(store, 'tier:front')).toEqual(['a/payments-prod/api-1']);
    expect(await found(store, 'tier:')).toEqual(['a/payments-prod/api-1', 'a/shop/api-2']);
    expect(await found(store, 'checkout', [everyKindIn('hidden')])).toEqual([
      'hidden/payments-prod/x',
    ]);
  });

  it('matches a label pair alone, never the text across two pairs', async () => {
    expect(await found(store, 'checkout tier')).toEqual([]);
    expect(await found(store, 'checkout tier:front')).toEqual([]);
    expect(await found(store, 'team:checkout')).toEqual(['a/payments-prod/api-1']);
  });

  it('orders many matches by namespace then name, from any of the three', async () => {
    const first = ['a/batch-jobs/run-0', 'a/batch-jobs/run-1', 'a/batch-jobs/run-10'];
    expect(await found(store, 'night-shift', undefined, 3)).toEqual(first);
    expect(await found(store, 'batch-job', undefined, 3)).toEqual(first);
    // Many by one pair's value, one more by another pair's key, ordered together.
    expect(await found(store, 'shift', undefined, 2)).toEqual(['a/aaa/api-3', first[0]]);
    expect(await found(store, 'night-shift', [everyKindIn('hidden')])).toEqual([]);
  });

  it('reads only the kinds asked for', async () => {
    const kinds = async (text: string, asked: string[]) =>
      (await store.search({ text, scope: [everyKindIn('a')], kinds: asked })).flatMap((group) =>
        group.resources.map((resource) => resource.type),
      );
    expect(await kinds('checkout', ['configmaps'])).toEqual([]);
    expect(await kinds('night-shift', ['configmaps'])).toEqual([]);
    expect(await kinds('checkout', ['pods'])).toHaveLength(1);
  });
});
