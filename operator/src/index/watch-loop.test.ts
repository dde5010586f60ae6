import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findIndexedKind, type IndexedKind } from './kinds.js';
import { createPacer, objectsPerSlice } from './pacer.js';
import { IndexStore, type IndexChange, type RelistWriter } from './store.js';
import {
  WatchLoop,
  type IndexSink,
  type RelistSummary,
  type WatchLoopObserver,
} from './watch-loop.js';
import {
  bookmark,
  FakeApiServer,
  listPage,
  pod,
  status,
  transportTo,
  watchStream,
} from './testing/fake-api-server.js';
import { everyKindIn } from './testing/scope.js';
import { fakeClock, until } from '../testing/fake-clock.js';

function kindOf(name: string): IndexedKind {
  const kind = findIndexedKind(name);
  if (!kind) {
    throw new Error(`unknown kind ${name}`);
  }
  return kind;
}

/** The real store, with every write recorded so tests can assert the order of operations. */
class RecordingSink implements IndexSink {
  readonly log: string[] = [];
  constructor(readonly store: IndexStore) {}
  beginRelist(cluster: string, kind: string): RelistWriter {
    const relist = this.store.beginRelist(cluster, kind);
    const names: string[] = [];
    return {
      add: (objects) => {
        names.push(...objects.map((o) => o.metadata?.name ?? ''));
        return relist.add(objects);
      },
      finish: () => {
        this.log.push(`replaceAll ${names.join(',')}`);
        return relist.finish();
      },
      abandon: () => {
        this.log.push('abandoned relist');
        return relist.abandon();
      },
    };
  }
  apply(cluster: string, kind: string, changes: readonly IndexChange[]): void {
    for (const change of changes) {
      this.log.push(
        change.type === 'upsert'
          ? `upsert ${change.object.metadata?.name}@${change.object.metadata?.resourceVersion}`
          : `delete ${change.uid}`,
      );
    }
    this.store.apply(cluster, kind, changes);
  }
}

const names = (store: IndexStore) =>
  store.list({ scope: [everyKindIn('m')], kinds: ['pods'] }).items.map((o) => o.name);

describe('WatchLoop against a fake API server', () => {
  let server: FakeApiServer;
  let store: IndexStore;
  let loop: WatchLoop | undefined;

  beforeEach(async () => {
    server = await FakeApiServer.start();
    store = IndexStore.open(':memory:');
  });
  afterEach(async () => {
    await loop?.stop();
    await server.close();
    store.close();
  });

  it('writes a list of several pages in slices with other tasks running between any two', async () => {
    // Slices are released by the store's pacer; a task that re-queues itself every turn (as the
    // Lease renewal's timer and the HTTP server's callbacks get their turn) must run between them.
    const events: string[] = [];
    store.close();
    store = IndexStore.open(':memory:', {
      pacer: createPacer((run) =>
        setImmediate(() => {
          events.push('slice');
          run();
        }),
      ),
    });
    const page = (from: number) =>
      Array.from({ length: objectsPerSlice + 20 }, (_, i) => pod(`p-${from + i}`, '5'));
    server.enqueue(
      listPage(page(0), '10', 'page-2'),
      listPage(page(1000), '10', 'page-3'),
      listPage(page(2000), '10'),
      watchStream([bookmark('11')]),
    );
    let ticking = true;
    const tick = () => {
      events.push('tick');
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const relisted: RelistSummary[] = [];
    loop = new WatchLoop({
      cluster: 'm',
      kind: kindOf('pods'),
      transport: transportTo(server),
      sink: store,
      onRelisted: (summary) => relisted.push(summary),
    });
    loop.start();
    await until(() => loop?.stats.lists === 1);
    ticking = false;
    expect(store.count('m', 'pods')).toBe(3 * (objectsPerSlice + 20));
    const slices = events.filter((event) => event === 'slice');
    expect(slices).toHaveLength(6);
    expect(events.join(' ')).not.toContain('slice slice');
    expect(relisted).toMatchObject([{ objects: 3 * (objectsPerSlice + 20), pages: 3 }]);
  });

  it('lists in pages, follows the watch, relists on 410, survives stalls and backs off', async () => {
    server.enqueue(
      listPage([pod('a', '5'), pod('b', '6')], '10', 'page-2'),
      listPage([pod('c', '7')], '10'),
      watchStream([
        { type: 'ADDED', object: pod('d', '11') },
        { type: 'MODIFIED', object: pod('a', '12', { status: { phase: 'Running' } }) },
        { type: 'DELETED', object: pod('b', '13') },
        bookmark('20'),
        { type: 'ERROR', object: { kind: 'Status', code: 410, message: 'too old' } },
      ]),
      listPage([pod('a', '12'), pod('d', '11'), pod('e', '25')], '30'),
      watchStream([bookmark('31')]), // then silence: the watchdog must restart it
      status(500),
      status(503),
      status(410),
      listPage([pod('a', '12')], '40'),
      watchStream([{ type: 'ADDED', object: pod('f', '41') }]),
    );
    const sleeps: number[] = [];
    const sink = new RecordingSink(store);
    // Watches stall only when the test says so: a busy machine's pauses between events are not.
    const clock = fakeClock();
    loop = new WatchLoop({
      cluster: 'm',
      kind: kindOf('pods'),
      transport: transportTo(server),
      sink,
      stallTimeoutMs: 300,
      clock,
      backoff: { baseMs: 100, capMs: 30_000, random: () => 0.5 },
      sleep: (ms) => {
        sleeps.push(ms);
        // Yield a macrotask so a runaway loop cannot starve the test's own timers.
        return new Promise((resolve) => setImmediate(resolve));
      },
    });
    loop.start();
    // The second watch heard its bookmark, then nothing more: the watchdog restarts it.
    await until(() => loop?.stats.resourceVersion === '31');
    expect(loop.stats.stalls).toBe(0);
    clock.advance(300);
    await until(() => names(store).includes('f'));

    expect(sink.log).toEqual([
      'replaceAll a,b,c',
      'upsert d@11',
      'upsert a@12',
      'delete uid-b',
      'replaceAll a,d,e',
      'replaceAll a',
      'upsert f@41',
    ]);
    expect(names(store)).toEqual(['a', 'f']);
    expect(loop.stats).toMatchObject({
      resourceVersion: '41',
      synced: true,
      lists: 3,
      gone: 2,
      stalls: 1,
      failures: 2,
    });
    // Full jitter drawn at 0.5 of a ceiling that doubles per failed attempt.
    expect(sleeps).toEqual([50, 100]);

    const shape = server.requests.map((r) =>
      r.query.watch
        ? `watch rv=${r.query.resourceVersion} bookmarks=${r.query.allowWatchBookmarks}`
        : `list limit=${r.query.limit} continue=${r.query.continue ?? '-'}`,
    );
    expect(shape).toEqual([
      'list limit=500 continue=-',
      'list limit=500 continue=page-2',
      'watch rv=10 bookmarks=true',
      'list limit=500 continue=-',
      'watch rv=30 bookmarks=true',
      'watch rv=31 bookmarks=true', // after the stall, from the bookmark's version
      'watch rv=31 bookmarks=true',
      'watch rv=31 bookmarks=true',
      'list limit=500 continue=-',
      'watch rv=40 bookmarks=true',
    ]);
    expect(server.requests.every((r) => r.path === '/api/v1/pods')).toBe(true);
    expect(server.requests.every((r) => r.authorization === 'Bearer test-token')).toBe(true);
    expect(server.requests.every((r) => r.accept === 'application/json')).toBe(true);
  });

  it('renews a quiet watch its timeout ended, and backs off one that closed at once', async () => {
    let endWatch: () => void = () => undefined;
    server.enqueue(
      listPage([pod('a', '5')], '10'),
      // Nothing happens in the kind and the member sends no bookmark before the watch's term.
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        endWatch = () => res.end();
      },
      watchStream([], true),
      watchStream([bookmark('12')]),
    );
    const clock = fakeClock();
    const sleeps: number[] = [];
    // Told once the list is written and again once the watch is answered.
    let answered = 0;
    const observer: WatchLoopObserver = {
      listed: () => undefined,
      applied: () => undefined,
      heard: () => undefined,
      restarted: () => undefined,
      synced: (state) => {
        if (state) answered++;
      },
    };
    loop = new WatchLoop({
      cluster: 'm',
      kind: kindOf('pods'),
      transport: transportTo(server),
      sink: store,
      clock,
      observer,
      watchTimeoutSeconds: 60,
      backoff: { baseMs: 100, capMs: 30_000, random: () => 0.5 },
      sleep: (ms) => {
        sleeps.push(ms);
        return new Promise((resolve) => setImmediate(resolve));
      },
    });
    loop.start();
    await until(() => answered === 2);
    clock.advance(60_000);
    endWatch();
    await until(() => loop?.stats.resourceVersion === '12');
    // The first watch ended with its term: renewed at once. The second closed as it opened.
    expect(loop.stats).toMatchObject({ failures: 1, lastError: 'watch closed without any event' });
    expect(sleeps).toEqual([50]);
    expect(server.requests.map((r) => r.query.resourceVersion)).toEqual([
      undefined,
      '10',
      '10',
      '10',
    ]);
  });

  it('asks a page the member failed again with its continue token, not the whole list', async () => {
    server.enqueue(
      listPage([pod('a', '5')], '10', 'page-2'),
      status(504),
      status(429),
      listPage([pod('b', '6')], '10'),
      watchStream([bookmark('11')]),
    );
    const sleeps: number[] = [];
    const sink = new RecordingSink(store);
    loop = new WatchLoop({
      cluster: 'm',
      kind: kindOf('pods'),
      transport: transportTo(server),
      sink,
      backoff: { baseMs: 100, capMs: 30_000, random: () => 0.5 },
      sleep: (ms) => {
        sleeps.push(ms);
        return new Promise((resolve) => setImmediate(resolve));
      },
    });
    loop.start();
    await until(() => loop?.stats.resourceVersion === '11');
    expect(sink.log).toEqual(['replaceAll a,b']);
    expect(loop.stats).toMatchObject({ lists: 1, failures: 0, synced: true });
    expect(sleeps).toEqual([50, 100]);
    expect(server.requests.map((r) => r.query.continue ?? r.query.watch)).toEqual([
      undefined,
      'page-2',
      'page-2',
      'page-2',
      'true',
    ]);
  });

  it('starts the list over when a continue token has expired (410) or a page is refused', async () => {
    server.enqueue(
      listPage([pod('a', '5')], '10', 'page-2'),
      status(410),
      listPage([pod('a', '5')], '12', 'page-2b'),
      status(403),
      listPage([pod('a', '5'), pod('b', '13')], '14'),
      watchStream([bookmark('15')]),
    );
    const sink = new RecordingSink(store);
    loop = new WatchLoop({
      cluster: 'm',
      kind: kindOf('pods'),
      transport: transportTo(server),
      sink,
      backoff: { baseMs: 100, capMs: 30_000, random: () => 0.5 },
      sleep: () => new Promise((resolve) => setImmediate(resolve)),
    });
    loop.start();
    await until(() => loop?.stats.resourceVersion === '15');
    expect(sink.log).toEqual(['abandoned relist', 'abandoned relist', 'replaceAll a,b']);
    expect(loop.stats).toMatchObject({ lists: 1, failures: 2 });
    expect(server.requests.map((r) => r.query.continue ?? r.query.watch ?? '-')).toEqual([
      '-',
      'page-2',
      '-',
      'page-2b',
      '-',
      'true',
    ]);
  });

  it('asks for metadata only when indexing secrets, for lists and watches', async () => {
    const secret = { ...pod('creds', '3'), kind: 'Secret', data: { password: 'c2VjcmV0' } };
    server.enqueue(
      listPage([secret], '3'),
      watchStream([
        {
          type: 'MODIFIED',
          object: { ...secret, metadata: { ...secret.metadata, resourceVersion: '4' } },
        },
      ]),
    );
    loop = new WatchLoop({
      cluster: 'm',
      kind: kindOf('secrets'),
      transport: transportTo(server),
      sink: store,
    });
    loop.start();
    await until(() => loop?.stats.resourceVersion === '4');
    expect(server.requests.map((r) => r.accept)).toEqual([
      'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1',
      'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1',
    ]);
    expect(server.requests[0]?.path).toBe('/api/v1/secrets');
    const [stored] = store.list({ scope: [everyKindIn('m')], kinds: ['secrets'] }).items;
    expect(stored?.resourceVersion).toBe('4');
    expect(JSON.stringify(stored)).not.toContain('c2VjcmV0');
  });

  it('uses group paths and stops promptly while backing off', async () => {
    server.enqueue(status(500));
    loop = new WatchLoop({
      cluster: 'm',
      kind: kindOf('deployments'),
      transport: transportTo(server),
      sink: store,
      backoff: { baseMs: 60_000, random: () => 1 },
      // The failed page fails the list at once, so the loop's own backoff is what is stopped.
      pageAttempts: 1,
    });
    loop.start();
    await until(() => loop?.stats.failures === 1);
    await loop.stop();
    expect(server.requests.map((r) => r.path)).toEqual(['/apis/apps/v1/deployments']);
    expect(loop.stats.lastError).toContain('500');
    expect(loop.stats.synced).toBe(false);
  });

  it('waits for a sink that writes elsewhere: one batch at a time, in order, before the next watch', async () => {
    // The member sends one event, then the rest once the first write has begun; that write
    // finishes only after the member has sent everything and ended the stream.
    let firstWriteBegan!: () => void;
    const writing = new Promise<void>((resolve) => (firstWriteBegan = resolve));
    let streamEnded!: () => void;
    const ended = new Promise<void>((resolve) => (streamEnded = resolve));
    const line = (type: string, name: string, rv: string) =>
      `${JSON.stringify({ type, object: pod(name, rv) })}\n`;
    server.enqueue(listPage([], '10'), (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(line('ADDED', 'a', '11'));
      void writing.then(() => {
        res.write(line('ADDED', 'b', '12'));
        res.end(line('MODIFIED', 'a', '13'), streamEnded);
      });
    });
    const applied: string[] = [];
    let writes = 0;
    let mostAtOnce = 0;
    const sink: IndexSink = {
      beginRelist: (cluster, kind) => store.beginRelist(cluster, kind),
      apply: async (cluster, kind, changes) => {
        writes++;
        mostAtOnce = Math.max(mostAtOnce, writes);
        if (applied.length === 0) {
          firstWriteBegan();
          await ended;
        }
        store.apply(cluster, kind, changes);
        for (const change of changes) {
          if (change.type === 'upsert') {
            applied.push(
              `${change.object.metadata?.name}@${change.object.metadata?.resourceVersion}`,
            );
          }
        }
        writes--;
      },
    };
    loop = new WatchLoop({
      cluster: 'm',
      kind: kindOf('pods'),
      transport: transportTo(server),
      sink,
    });
    loop.start();
    await until(() => applied.length === 3);
    expect(applied).toEqual(['a@11', 'b@12', 'a@13']);
    expect(mostAtOnce).toBe(1);
    // The stream ended while the first write ran; the next watch starts from the last event.
    await until(() => server.requests.length === 3);
    expect(server.requests[2]?.query).toMatchObject({ watch: 'true', resourceVersion: '13' });
  });
});
