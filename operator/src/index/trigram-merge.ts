// The trigram index's segments merged in paced steps after many rows left it (pacer.ts).
import type { Pacer } from './pacer.js';
import type { DatabaseSync } from 'node:sqlite';

/** Pages of the trigram index merged per turn (`mergeTrigramsInSlices`): about 20 ms of work. */
const trigramMergePages = 100;

/**
 * Merges the trigram index's segments a step per turn until no merge is left to do. fts5 keeps a
 * deleted row's entries, and markers that cancel them, until their segments are merged: after a
 * member's rows were dropped and listed again, a search read both, 12.6 ms instead of 2.9 at
 * 200,000 rows and 552 ms at a million (docs/index.md, "Schema and search"). A negative 'merge'
 * merges across levels, as 'optimize' does, in steps; a step that changed fewer than two rows
 * found nothing left (SQLite's fts5 documentation).
 */
export async function mergeTrigramsInSlices(target: {
  db: DatabaseSync;
  pacer: Pacer;
}): Promise<void> {
  const { db } = target;
  const step = db.prepare(
    `INSERT INTO objects_fts (objects_fts, rank) VALUES ('merge', ${-trigramMergePages})`,
  );
  const changes = db.prepare('SELECT total_changes() AS n');
  const total = () => Number((changes.get() as { n: number | bigint }).n);
  for (;;) {
    await target.pacer.turn();
    const before = total();
    step.run();
    if (total() - before < 2) return;
  }
}
