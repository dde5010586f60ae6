import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kindOf } from '../k8s/resources/kind-of.js';
import { until } from '../testing/fake-clock.js';
import { largeRelistObjects, RelistGate } from './relist-gate.js';
import { IndexStore, type RelistWriter } from './store.js';
import {
  bookmark,
  FakeApiServer,
  listPage,
  pod,
  transportTo,
  watchStream,
  type Responder,
} from './testing/fake-api-server.js';
import { WatchLoop, type IndexSink } from './watch-loop.js';

describe('RelistGate', () => {
  it('admits as many as it has slots, then in the order asked as slots are left', async () => {
    const gate = new RelistGate(1);
    const first = gate.tryEnter();
    expect(first).toBeDefined();
    expect(gate.tryEnter()).toBeUndefined();
    const admitted: string[] = [];
    const second = gate.enter(new AbortController().signal).then((leave) => {
      admitted.push('second');
      return leave;
    });
    const third = gate.enter(new AbortController().signal).then((leave) => {
      admitted.push('third');
      return leave;
    });
    expect(gate.state).toEqual({ writing: 1, waiting: 2 });
    first?.();
    first?.(); // a second call gives back nothing more
    const leaveSecond = await second;
    expect(admitted).toEqual(['second']);
    expect(gate.state).toEqual({ writing: 1, waiting: 1 });
    leaveSecond();
    (await third)();
    expect(admitted).toEqual(['second', 'third']);
    expect(gate.state).toEqual({ writing: 0, waiting: 0 });
  });

  it('drops a waiter whose relist stopped, and admits the next one', async () => {
    const gate = new RelistGate(1);
    const leave = gate.tryEnter();
    const stopped = new AbortController();
    const gone = gate.enter(stopped.signal);
    const next = gate.enter(new AbortController().signal);
    stopped.abort(new Error('loop stopped'));
    await expect(gone).rejects.toThrow('loop stopped');
    expect(gate.state).toEqual({ writing: 1, waiting: 1 });
    leave?.();
    (await next)();
    expect(gate.state).toEqual({ writing: 0, waiting: 0 });
  });
});

/** Pages written per cluster, in the order they were written. */
class OrderSink implements IndexSink {
  readonly log: string[] = [];
  constructor(private readonly store: IndexStore) {}
  beginRelist(cluster: string, kind: string): RelistWriter {
    const relist = this.store.beginRelist(cluster, kind);
    return {
      add: (objects) => {
        this.log.push(`${cluster} ${objects.map((o) => o.metadata?.name).join(',')}`);
        return relist.add(objects);
      },
      finish: () => {
        this.log.push(`${cluster} finished`);
        return relist.finish();
      },
      abandon: () => relist.abandon(),
    };
  }
  apply(cluster: string, kind: string, changes: Parameters<IndexStore['apply']>[2]): void {
    this.store.apply(cluster, kind, changes);
  }
}

/** Answers with `responder` once the test calls the returned release. */
function held(responder: Responder): { responder: Responder; release: () => void } {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    responder: (request, res) => void released.then(() => responder(request, res)),
    release,
  };
}

describe('large relists through the gate', () => {
  const large = largeRelistObjects;
  let alpha: FakeApiServer;
  let beta: FakeApiServer;
  let store: IndexStore;
  let loops: WatchLoop[];

  beforeEach(async () => {
    alpha = await FakeApiServer.start();
    beta = await FakeApiServer.start();
    store = IndexStore.open(':memory:');
    loops = [];
  });
  afterEach(async () => {
    await Promise.all(loops.map((loop) => loop.stop()));
    await alpha.close();
    await beta.close();
    store.close();
  });

  const start = (cluster: string, server: FakeApiServer, sink: IndexSink, gate: RelistGate) => {
    const loop = new WatchLoop({
      cluster,
      kind: kindOf('pods'),
      transport: transportTo(server),
      sink,
      largeRelists: gate,
    });
    loops.push(loop);
    loop.start();
    return loop;
  };
  const shapeOf = (server: FakeApiServer) =>
    server.requests.map((r) =>
      r.query.watch
        ? `watch rv=${r.query.resourceVersion}`
        : `list continue=${r.query.continue ?? '-'}`,
    );

  it('writes one large relist at a time; the next lists from its start once admitted', async () => {
    const gate = new RelistGate(1);
    const sink = new OrderSink(store);
    const alphaLast = held(listPage([pod('a2', '6')], '10'));
    alpha.enqueue(
      listPage([pod('a1', '5')], '10', 'a-2', large),
      alphaLast.responder,
      watchStream([bookmark('11')]),
    );
    beta.enqueue(
      // Its first snapshot would age while alpha's relist writes: asked again once admitted.
      listPage([pod('b1', '5')], '20', 'b-2', large),
      listPage([pod('b1', '5')], '30', 'b-3', large),
      listPage([pod('b2', '6')], '30'),
      watchStream([bookmark('31')]),
    );
    const alphaLoop = start('alpha', alpha, sink, gate);
    await until(() => gate.state.writing === 1);
    const betaLoop = start('beta', beta, sink, gate);
    await until(() => gate.state.waiting === 1);
    expect(sink.log.filter((line) => line.startsWith('beta'))).toEqual([]);

    alphaLast.release();
    await until(() => alphaLoop.stats.synced && betaLoop.stats.synced);
    expect(sink.log).toEqual([
      'alpha a1',
      'alpha a2',
      'alpha finished',
      'beta b1',
      'beta b2',
      'beta finished',
    ]);
    expect(shapeOf(beta).slice(0, 4)).toEqual([
      'list continue=-',
      'list continue=-',
      'list continue=b-3',
      'watch rv=30',
    ]);
    // Admitted at once, alpha kept its first page.
    expect(shapeOf(alpha).slice(0, 3)).toEqual([
      'list continue=-',
      'list continue=a-2',
      'watch rv=10',
    ]);
    expect(gate.state).toEqual({ writing: 0, waiting: 0 });
  });

  it('lets a relist below the threshold write beside a large one', async () => {
    const gate = new RelistGate(1);
    const leave = gate.tryEnter();
    alpha.enqueue(
      listPage([pod('a1', '5')], '10', 'a-2', large - 2),
      listPage([pod('a2', '6')], '10'),
      watchStream([bookmark('11')]),
    );
    const loop = start('alpha', alpha, new OrderSink(store), gate);
    await until(() => loop.stats.synced);
    expect(shapeOf(alpha).slice(0, 2)).toEqual(['list continue=-', 'list continue=a-2']);
    expect(gate.state).toEqual({ writing: 1, waiting: 0 });
    leave?.();
  });
});
