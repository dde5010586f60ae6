import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IndexStore } from './store.js';
import { fewTrigramMatches } from './store-query.js';
import type { KubeObject } from './trim.js';
import { everyKindIn } from './testing/scope.js';

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

const found = (store: IndexStore, text: string, scope = [everyKindIn('a')], limit = 5) =>
  store
    .search({ text, scope, limit })
    .flatMap((group) =>
      group.resources.flatMap((r) =>
        r.samples.map((s) => `${group.cluster}/${s.labels.namespace}/${s.labels.name}`),
      ),
    );

// A search starts from the trigram matches when they are few, and walks the caller's scope in
// order when they are many; both must answer alike: in scope, ordered by namespace and name.
describe('IndexStore search with few and with many trigram matches', () => {
  let store: IndexStore;
  const many = fewTrigramMatches + 100;

  beforeEach(() => {
    store = IndexStore.open(':memory:');
    const web = Array.from({ length: many }, (_, i) => pod(`web-${i}`, i % 2 ? 'odd' : 'even'));
    store.upsert('a', 'pods', web);
    store.upsert('hidden', 'pods', [pod('web-42', 'even'), pod('web-zero', 'aaa')]);
  });
  afterEach(() => store.close());

  it('orders many matches by namespace then name, within the scope only', () => {
    expect(found(store, 'web')).toEqual([
      'a/even/web-0',
      'a/even/web-10',
      'a/even/web-100',
      'a/even/web-1000',
      'a/even/web-1002',
    ]);
  });

  it('orders few matches the same way, within the scope only', () => {
    expect(found(store, 'web-420')).toEqual([
      'a/even/web-420',
      'a/even/web-4200',
      'a/even/web-4202',
      'a/even/web-4204',
      'a/even/web-4206',
    ]);
    expect(found(store, 'web-421', [everyKindIn('a')], 3)).toEqual([
      'a/even/web-4210',
      'a/even/web-4212',
      'a/even/web-4214',
    ]);
    expect(found(store, 'zero')).toEqual([]);
    expect(found(store, 'zero', [everyKindIn('hidden')])).toEqual(['hidden/aaa/web-zero']);
  });

  it('answers nothing at once when no trigram matches', () => {
    expect(found(store, 'no-such-name')).toEqual([]);
  });
});
