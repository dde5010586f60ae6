// The index's write worker from the TypeScript sources: the unit tier has no build, so the
// worker thread loads write-worker.ts through tsx, with the workspace packages' source condition.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  inPlaceWriter,
  openWorkerWriter,
  type IndexWriter,
  type WorkerWriterOptions,
} from '../index/index-writer.js';
import { IndexStore } from '../index/store.js';

export const sourceWorkerOptions: WorkerWriterOptions = {
  workerUrl: new URL('../index/write-worker.ts', import.meta.url),
  execArgv: ['--conditions=nimbus-source', '--import', 'tsx'],
};

/** How a suite's index is written: on the test's thread, or as the operator does. */
export const indexWritings = ['in place', 'in the worker'] as const;
export type IndexWriting = (typeof indexWritings)[number];

export interface TestIndex {
  path: string;
  /** The reading store (it also writes, when writing in place). */
  index: IndexStore;
  writer: IndexWriter;
  /** Closes both and removes the file's directory. */
  close(): Promise<void>;
}

/** An index file in a new temporary directory, written `writing`. */
export async function openTestIndex(writing: IndexWriting): Promise<TestIndex> {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-index-'));
  const path = join(dir, 'index.sqlite');
  let index: IndexStore;
  let writer: IndexWriter;
  if (writing === 'in place') {
    index = IndexStore.open(path);
    writer = inPlaceWriter(index);
  } else {
    writer = await openWorkerWriter(path, sourceWorkerOptions);
    index = IndexStore.open(path, { readsOnly: true });
  }
  return {
    path,
    index,
    writer,
    close: async () => {
      await writer.close();
      index.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
