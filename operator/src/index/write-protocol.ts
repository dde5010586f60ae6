// Messages between the index's write worker (write-worker.ts) and the operator's main thread
// (index-writer.ts). Objects cross by structured clone, list pages' chunks by transfer; errors
// cross as their message.
import type { IndexChange } from './store.js';
import type { KubeObject } from './trim.js';

/** One write, answered by a `WriteAnswer` of the same id. A relist is named by its own id. */
export type WriteRequest = { id: number } & (
  | { op: 'apply'; cluster: string; kind: string; changes: readonly IndexChange[] }
  | { op: 'relist-begin'; relist: number; cluster: string; kind: string }
  | { op: 'relist-add'; relist: number; objects: readonly KubeObject[] }
  /**
   * A list page's JSON body in the chunks it arrived in, transferred rather than copied, joined
   * and parsed in the worker; answered with its number of objects.
   */
  | { op: 'relist-add-chunks'; relist: number; chunks: Uint8Array[] }
  | { op: 'relist-finish'; relist: number }
  | { op: 'relist-abandon'; relist: number }
  | { op: 'adopt'; cluster: string; uid: string }
  | { op: 'drop'; cluster: string }
  /** A read that scans the whole index (the metrics' counts): off the main thread too. */
  | { op: 'counts' }
  | { op: 'close' }
);

export type WriteAnswer =
  { id: number; ok: true; value?: unknown } | { id: number; ok: false; message: string };

/** The worker's first message: the database is open (and migrated), or why it is not. */
export type WorkerStarted = { started: true } | { started: false; message: string };

export interface WriteWorkerData {
  path: string;
}
