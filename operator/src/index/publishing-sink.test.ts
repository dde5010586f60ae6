import { describe, expect, it } from 'vitest';
import { ChangeFeed, type IndexNotice } from './change-feed.js';
import { publishingSink } from './publishing-sink.js';
import { IndexStore } from './store.js';
import type { KubeObject } from './trim.js';

const pod = (name: string): KubeObject => ({
  metadata: { name, namespace: 'shop', uid: `uid-${name}`, resourceVersion: '1' },
});

function follow(feed: ChangeFeed, index: IndexStore) {
  const heard: Array<{ notices: readonly IndexNotice[]; rows: number }> = [];
  // Each notice comes once its write is in the index: a reader refetching on it sees the write.
  feed.subscribe((notices) => heard.push({ notices, rows: index.count('alpha', 'pods') }));
  return heard;
}

describe('publishingSink', () => {
  it('tells each watch event once the index holds it, deletions by name', () => {
    const index = IndexStore.open(':memory:');
    const feed = new ChangeFeed();
    const heard = follow(feed, index);
    const sink = publishingSink(index, feed);
    sink.apply('alpha', 'pods', [
      { type: 'upsert', object: pod('a') },
      { type: 'upsert', object: pod('b') },
    ]);
    sink.apply('alpha', 'pods', [{ type: 'delete', uid: 'uid-a', namespace: 'shop', name: 'a' }]);
    expect(heard).toEqual([
      {
        rows: 2,
        notices: [
          { cluster: 'alpha', kind: 'pods', namespace: 'shop', name: 'a', type: 'upsert' },
          { cluster: 'alpha', kind: 'pods', namespace: 'shop', name: 'b', type: 'upsert' },
        ],
      },
      {
        rows: 1,
        notices: [{ cluster: 'alpha', kind: 'pods', namespace: 'shop', name: 'a', type: 'delete' }],
      },
    ]);
    index.close();
  });

  it('tells a relist as its kind listed again, after each page and after the removals', async () => {
    const index = IndexStore.open(':memory:');
    index.upsert('alpha', 'pods', [pod('gone')]);
    const feed = new ChangeFeed();
    const heard = follow(feed, index);
    const relist = publishingSink(index, feed).beginRelist('alpha', 'pods');
    await relist.add([pod('a'), pod('b')]);
    await relist.finish();
    const relisted = { cluster: 'alpha', kind: 'pods', namespace: '', name: '', type: 'relist' };
    expect(heard).toEqual([
      { rows: 3, notices: [relisted] },
      { rows: 2, notices: [relisted] },
    ]);
    index.close();
  });
});
