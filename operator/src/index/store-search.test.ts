import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidCursorError } from './cursor.js';
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

  it('pages a name filter alike with few and with many matches, cursor included', () => {
    const page = (nameContains: string, after?: string) => {
      const { items, nextCursor } = store.list({
        scope: [everyKindIn('a')],
        kinds: ['pods'],
        nameContains,
        limit: 2,
        ...(after ? { after } : {}),
      });
      return { names: items.map((o) => `${o.namespace}/${o.name}`), nextCursor };
    };
    const many = page('web');
    expect(many.names).toEqual(['even/web-0', 'odd/web-1']);
    expect(page('web', many.nextCursor).names).toEqual(['even/web-10', 'even/web-100']);
    const few = page('web-420');
    expect(few.names).toEqual(['even/web-420', 'even/web-4200']);
    expect(page('web-420', few.nextCursor).names).toEqual(['odd/web-4201', 'even/web-4202']);
    expect(page('eb-42', few.nextCursor).names).toEqual(['odd/web-4201', 'even/web-4202']);
    expect(page('no-such-name')).toEqual({ names: [], nextCursor: undefined });
    // A malformed cursor is refused even when nothing matches.
    expect(() => page('no-such-name', 'not-a-cursor')).toThrow(InvalidCursorError);
  });
});
