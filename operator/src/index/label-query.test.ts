import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maxLabelKeys, maxValuesPerKey } from './label-query.js';
import { IndexStore } from './store.js';
import type { KubeObject } from './trim.js';
import { everyKindIn } from './testing/scope.js';

let index: IndexStore;

const object = (name: string, labels: Record<string, string>, namespace = 'demo'): KubeObject => ({
  metadata: { name, namespace, uid: `${namespace}-${name}`, resourceVersion: '1', labels },
});

beforeEach(() => {
  index = IndexStore.open(':memory:');
});
afterEach(() => index.close());

describe('IndexStore.labels', () => {
  it('keeps only the most used keys and values', () => {
    const many: KubeObject[] = [];
    for (let i = 0; i < maxLabelKeys + 20; i += 1)
      many.push(object(`k${i}`, { [`key-${i}`]: 'v' }));
    for (let i = 0; i < maxValuesPerKey + 10; i += 1) {
      many.push(object(`v${i}`, { common: `value-${i}` }));
      many.push(object(`w${i}`, { common: 'popular' }));
    }
    index.upsert('alpha', 'pods', many);
    const labels = index.labels({ scope: [everyKindIn('alpha')] });
    expect(labels).toHaveLength(maxLabelKeys);
    const common = labels.find((entry) => entry.key === 'common');
    expect(common?.values).toHaveLength(maxValuesPerKey);
    expect(common?.values[0]).toEqual({ value: 'popular', count: maxValuesPerKey + 10 });
  });

  it('follows namespace-limited scopes, kinds and the search text', () => {
    index.upsert('alpha', 'pods', [
      object('a', { app: 'web' }, 'shop'),
      object('b', { app: 'api' }, 'hidden'),
    ]);
    index.upsert('alpha', 'configmaps', [object('c', { app: 'conf' }, 'shop')]);
    index.upsert('bravo', 'pods', [object('d', { app: 'web' }, 'shop')]);
    const scope = [everyKindIn('alpha', ['shop'])];
    expect(index.labels({ scope })).toEqual([
      {
        key: 'app',
        values: [
          { value: 'conf', count: 1 },
          { value: 'web', count: 1 },
        ],
      },
    ]);
    expect(index.labels({ scope, kinds: ['pods'] })).toEqual([
      { key: 'app', values: [{ value: 'web', count: 1 }] },
    ]);
    const everywhere = [everyKindIn('alpha'), everyKindIn('bravo')];
    expect(index.labels({ scope: everywhere, search: 'AP' })[0]?.values).toHaveLength(3);
    expect(index.labels({ scope: everywhere, search: 'app:we' })).toEqual([
      { key: 'app', values: [{ value: 'web', count: 2 }] },
    ]);
    expect(index.labels({ scope: everywhere, clusters: ['bravo'], namespaces: ['shop'] })).toEqual([
      { key: 'app', values: [{ value: 'web', count: 1 }] },
    ]);
    expect(index.labels({ scope: [] })).toEqual([]);
  });
});
