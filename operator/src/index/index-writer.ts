// Where the index's writes go. In the operator, a worker thread owns the only writing connection
// (write-worker.ts) and the main thread keeps a reading one, so the event loop never waits for a
// write (docs/decisions/index-write-worker.md). Tests and the in-process bench write in place.
import { isMarkedAsUntransferable, Worker } from 'node:worker_threads';
import type { BodyChunks } from './list-page.js';
import type { RelistWriter } from './relist.js';
import type { IndexChange, IndexStore, ObjectCount } from './store.js';
import { indexedCopy } from './trim.js';
import type { IndexSink } from './watch-loop.js';
import type {
  WorkerStarted,
  WriteAnswer,
  WriteRequest,
  WriteWorkerData,
} from './write-protocol.js';

/** Every write the index runtime makes: the watch loops' and a cluster's adoption or removal. */
export interface IndexWriter extends IndexSink {
  apply(cluster: string, kind: string, changes: readonly IndexChange[]): Promise<void>;
  /** Records the Cluster uid the rows of `cluster` come from; true if an earlier one's went. */
  adoptCluster(cluster: string, uid: string): Promise<boolean>;
  dropCluster(cluster: string): Promise<void>;
  /** Objects per (cluster, kind): a scan of the whole index, so it runs where the writes do. */
  objectCounts(): Promise<ObjectCount[]>;
  close(): Promise<void>;
}

/** Writes on the calling thread, through the store that also reads (tests, in-process bench). */
export function inPlaceWriter(store: IndexStore): IndexWriter {
  return {
    apply: async (cluster, kind, changes) => store.apply(cluster, kind, changes),
    beginRelist: (cluster, kind) => store.beginRelist(cluster, kind),
    adoptCluster: (cluster, uid) => store.adoptCluster(cluster, uid),
    dropCluster: (cluster) => store.dropCluster(cluster),
    objectCounts: async () => store.objectCounts(),
    close: async () => undefined,
  };
}

export interface WorkerWriterOptions {
  /** The worker's module; the built write-worker.js beside this file by default. */
  workerUrl?: URL;
  /** Node options of the worker (tests load the TypeScript sources through tsx). */
  execArgv?: string[];
}

/** A write request as the caller makes it, before it is numbered. */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = Unnumbered<WriteRequest>;

/** A started worker; `alive` turns false when it stops, so nothing more is sent to it. */
interface Running {
  worker: Worker;
  alive: boolean;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const defaultWorkerUrl = new URL('./write-worker.js', import.meta.url);

/**
 * With the main thread's default limits the worker's heap grew lazily by 170 MiB during a
 * 100,000-object sync; a smaller old generation makes it collect sooner. It still holds, at
 * worst, one trimmed page (500 objects) per syncing loop while they wait for the pacer.
 */
const workerHeap = { maxOldGenerationSizeMb: 256 };

/**
 * Objects cross as the index stores them: trimming here drops managed fields, ConfigMap values
 * and Secrets' contents before the copy to the worker, which trims again (cheaply) as it writes.
 */
const trimmedChanges = (kind: string, changes: readonly IndexChange[]): IndexChange[] =>
  changes.map((change) =>
    change.type === 'upsert'
      ? { type: 'upsert', object: indexedCopy(kind, change.object) }
      : change,
  );

/**
 * Chunks whose whole ArrayBuffers may be transferred: each chunk that spans one of its own and is
 * the only one to name it, else a copy. A view into a larger buffer (Node's pool, a slice) would
 * hand the rest over with it, and a buffer named twice cannot be transferred twice.
 */
function ownChunks(chunks: BodyChunks): Uint8Array<ArrayBuffer>[] {
  const taken = new Set<ArrayBufferLike>();
  return chunks.map((chunk) => {
    const { buffer } = chunk;
    const whole =
      buffer instanceof ArrayBuffer &&
      chunk.byteOffset === 0 &&
      chunk.byteLength === buffer.byteLength &&
      !isMarkedAsUntransferable(buffer) &&
      !taken.has(buffer);
    taken.add(buffer);
    return whole ? (chunk as Uint8Array<ArrayBuffer>) : new Uint8Array(chunk);
  });
}

/**
 * Starts the write worker on the index file at `path` and resolves once it has opened (and, when
 * its format changed, emptied) the database, so a reading store opened afterwards finds the
 * current schema. A worker that stops (a crash, an out-of-memory) fails the writes in flight, and
 * the next write starts a new one: the loops' retries carry on, and their relists start over.
 */
export async function openWorkerWriter(
  path: string,
  options: WorkerWriterOptions = {},
): Promise<IndexWriter> {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;
  let running: Promise<Running> | undefined;

  const start = (): Promise<Running> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(options.workerUrl ?? defaultWorkerUrl, {
        workerData: { path } satisfies WriteWorkerData,
        ...(options.execArgv ? { execArgv: options.execArgv } : {}),
        resourceLimits: workerHeap,
      });
      const current: Running = { worker, alive: true };
      let started = false;
      worker.on('message', (message: WorkerStarted | WriteAnswer) => {
        if ('started' in message) {
          if (message.started) {
            started = true;
            resolve(current);
          } else {
            reject(new Error(`index writer: ${message.message}`));
          }
          return;
        }
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.ok) waiting?.resolve(message.value);
        else waiting?.reject(new Error(message.message));
      });
      const stopped = (reason: string) => {
        if (!current.alive) return;
        current.alive = false;
        running = undefined;
        if (!started) reject(new Error(`index writer: ${reason}`));
        for (const [id, waiting] of pending) {
          pending.delete(id);
          waiting.reject(new Error(`index writer stopped: ${reason}`));
        }
      };
      worker.on('error', (error) => stopped(error.message));
      worker.on('exit', (code) => stopped(`exit code ${code}`));
    });

  const worker = (): Promise<Running> => {
    if (closed) return Promise.reject(new Error('index writer closed'));
    running ??= start();
    return running;
  };

  const call = async (request: Request, transfer: ArrayBuffer[] = []): Promise<unknown> => {
    const target = await worker();
    // It may have stopped while this call waited for it: a message to it would never be answered.
    if (!target.alive) throw new Error('index writer stopped');
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      target.worker.postMessage({ ...request, id }, transfer);
    });
  };

  await worker();
  let nextRelist = 1;
  return {
    apply: async (cluster, kind, changes) => {
      await call({ op: 'apply', cluster, kind, changes: trimmedChanges(kind, changes) });
    },
    beginRelist(cluster, kind): RelistWriter {
      const relist = nextRelist++;
      const begun = call({ op: 'relist-begin', relist, cluster, kind });
      // Told of failure by the first page; abandoning a relist that never began has nothing to do.
      begun.catch(() => undefined);
      return {
        add: async (objects) => {
          await begun;
          const trimmed = objects.map((object) => indexedCopy(kind, object));
          await call({ op: 'relist-add', relist, objects: trimmed });
        },
        addChunks: async (chunks) => {
          await begun;
          const own = ownChunks(chunks);
          return (await call(
            { op: 'relist-add-chunks', relist, chunks: own },
            own.map((chunk) => chunk.buffer),
          )) as number;
        },
        finish: async () => {
          await begun;
          await call({ op: 'relist-finish', relist });
        },
        // The relist failed already; a writer that stopped meanwhile has nothing left to forget.
        abandon: () =>
          begun
            .then(() => call({ op: 'relist-abandon', relist }))
            .then(
              () => undefined,
              () => undefined,
            ),
      };
    },
    adoptCluster: async (cluster, uid) => (await call({ op: 'adopt', cluster, uid })) === true,
    dropCluster: async (cluster) => {
      await call({ op: 'drop', cluster });
    },
    objectCounts: async () => (await call({ op: 'counts' })) as ObjectCount[],
    close: async () => {
      const target = closed ? undefined : await running?.catch(() => undefined);
      if (target?.alive) {
        const exited = new Promise((resolve) => target.worker.once('exit', resolve));
        await call({ op: 'close' }).catch(() => undefined);
        await exited;
      }
      closed = true;
    },
  };
}
