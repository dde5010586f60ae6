import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexWritings, openTestIndex, type TestIndex } from '../testing/index-writer.js';
import { ChangeFeed, type IndexNotice } from './change-feed.js';
import type { IndexWriter } from './index-writer.js';
import { publishingSink } from './publishing-sink.js';
import type { IndexStore } from './store.js';
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

// In the operator the writes happen in a worker thread and the reader has its own connection.
describe.each(indexWritings)('publishingSink, writing %s', (writing) => {
  let opened: TestIndex;
  let index: IndexStore;
  let writer: IndexWriter;
  beforeEach(async () => {
    opened = await openTestIndex(writing);
    ({ index, writer } = opened);
  });
  afterEach(() => opened.close());

  it('tells each watch event once the index holds it, deletions by name', async () => {
    const feed = new ChangeFeed();
    const heard = follow(feed, index);
    const sink = publishingSink(writer, feed);
    await sink.apply('alpha', 'pods', [
      { type: 'upsert', object: pod('a') },
      { type: 'upsert', object: pod('b') },
    ]);
    await sink.apply('alpha', 'pods', [
      { type: 'delete', uid: 'uid-a', namespace: 'shop', name: 'a' },
    ]);
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
  });

  it('tells a relist as its kind listed again, after each page and after the removals', async () => {
    await writer.apply('alpha', 'pods', [{ type: 'upsert', object: pod('gone') }]);
    const feed = new ChangeFeed();
    const heard = follow(feed, index);
    const relist = publishingSink(writer, feed).beginRelist('alpha', 'pods');
    await relist.add([pod('a'), pod('b')]);
    await relist.finish();
    const relisted = { cluster: 'alpha', kind: 'pods', namespace: '', name: '', type: 'relist' };
    expect(heard).toEqual([
      { rows: 3, notices: [relisted] },
      { rows: 2, notices: [relisted] },
    ]);
  });
});
