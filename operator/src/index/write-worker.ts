// The index's write worker: the only connection that writes the index file. node:sqlite is
// synchronous, so on the main thread a large relist or a cluster's removal held the event loop
// (HTTP answers, the leader's Lease) for seconds; here it holds only this thread
// (docs/decisions/index-write-worker.md). Requests run in arrival order, each as the store
// itself would run it on the main thread: a relist's pages and removals are paced slices, so
// watch events of other loops are written between them.
import { parentPort, workerData } from 'node:worker_threads';
import type { RelistWriter } from './relist.js';
import { pageItems } from './list-page.js';
import { IndexStore } from './store.js';
import { lowerThreadPriority, writeWorkerNiceness } from './thread-priority.js';
import type {
  WorkerStarted,
  WriteAnswer,
  WriteRequest,
  WriteWorkerData,
} from './write-protocol.js';

const port = parentPort;
if (!port) throw new Error('write-worker.ts runs as a worker thread');

const { path } = workerData as WriteWorkerData;
lowerThreadPriority(writeWorkerNiceness);
const relists = new Map<number, RelistWriter>();

function relistOf(id: number): RelistWriter {
  const relist = relists.get(id);
  if (!relist) throw new Error(`relist ${id} is not open in this index writer`);
  return relist;
}

async function run(store: IndexStore, request: WriteRequest): Promise<unknown> {
  switch (request.op) {
    case 'apply':
      return store.apply(request.cluster, request.kind, request.changes);
    case 'relist-begin':
      relists.set(request.relist, store.beginRelist(request.cluster, request.kind));
      return undefined;
    case 'relist-add':
      return relistOf(request.relist).add(request.objects);
    case 'relist-add-chunks': {
      const relist = relistOf(request.relist);
      const items = pageItems(request.chunks);
      await relist.add(items);
      return items.length;
    }
    case 'relist-finish': {
      const relist = relistOf(request.relist);
      relists.delete(request.relist);
      return relist.finish();
    }
    case 'relist-abandon': {
      const relist = relists.get(request.relist);
      relists.delete(request.relist);
      return relist?.abandon();
    }
    case 'adopt':
      return store.adoptCluster(request.cluster, request.uid);
    case 'drop':
      return store.dropCluster(request.cluster);
    case 'counts':
      return store.objectCounts();
    case 'close':
      store.close();
      return undefined;
  }
}

let store: IndexStore;
try {
  store = IndexStore.open(path, { bulkWrites: true });
} catch (error) {
  const started: WorkerStarted = { started: false, message: messageOf(error) };
  port.postMessage(started);
  process.exit(1);
}
port.postMessage({ started: true } satisfies WorkerStarted);

port.on('message', (request: WriteRequest) => {
  void run(store, request).then(
    (value) => {
      port.postMessage({ id: request.id, ok: true, value } satisfies WriteAnswer);
      if (request.op === 'close') port.close();
    },
    (error: unknown) => {
      port.postMessage({
        id: request.id,
        ok: false,
        message: messageOf(error),
      } satisfies WriteAnswer);
    },
  );
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
