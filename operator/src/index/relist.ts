// A relist of one (cluster, kind) written page by page in paced slices (pacer.ts): each slice is
// one transaction, readers see it at once, and the event loop turns between slices. `finish`
// then removes, also in slices, the rows no page named.
import type { DatabaseSync } from 'node:sqlite';
import { deletionsPerSlice, slices, type Pacer } from './pacer.js';
import type { BodyChunks } from './list-page.js';
import type { ObjectKey } from './row.js';
import type { KubeObject } from './trim.js';

/** Writes one relist of a (cluster, kind): pages with `add`, then `finish` or `abandon`. */
export interface RelistWriter {
  add(objects: readonly KubeObject[]): Promise<void>;
  /**
   * A page as the member sent it (a list's JSON body, in the chunks it arrived in), parsed where
   * it is written: the write worker is handed the chunks (they are the writer's afterwards, and
   * may be emptied), so the main thread never joins them or builds the page's text or objects.
   * Resolves with the number of objects the page held. Writers without it are given `add`.
   */
  addChunks?(chunks: BodyChunks): Promise<number>;
  /** Removes the objects of the (cluster, kind) that no page named. */
  finish(): Promise<void>;
  /** The list failed: keep what was written, remove nothing. */
  abandon(): Promise<void>;
}

/** What a relist needs of the store. */
export interface RelistTarget {
  db: DatabaseSync;
  pacer: Pacer;
  /** Objects written per slice (one transaction each). */
  objectsPerSlice: number;
  /** Upserts one object; its key, or undefined when it has no uid or name (not written). */
  write(cluster: string, kind: string, object: KubeObject): ObjectKey | undefined;
  transaction(work: () => void): void;
}

/**
 * Deletes `deleteSlice`'s rows a slice per turn until a slice deletes fewer than a full one;
 * resolves with how many rows were deleted in all.
 */
export async function deleteInSlices(
  target: RelistTarget,
  deleteSlice: () => number | bigint,
): Promise<number> {
  let total = 0;
  for (;;) {
    await target.pacer.turn();
    let deleted: number | bigint = 0;
    target.transaction(() => {
      deleted = deleteSlice();
    });
    total += Number(deleted);
    if (Number(deleted) < deletionsPerSlice) return total;
  }
}

export function beginRelist(target: RelistTarget, cluster: string, kind: string): RelistWriter {
  const { db } = target;
  // A kind with no rows yet (a new cluster's first list) has nothing to remove afterwards, so
  // its relist keeps no account of the objects seen: half the writes of the initial sync.
  const fresh =
    db
      .prepare('SELECT 1 FROM objects WHERE cluster = ? AND kind = ? LIMIT 1')
      .get(cluster, kind) === undefined;
  const seen = db.prepare(
    'INSERT OR IGNORE INTO relist_seen (cluster, kind, namespace, name) VALUES (?, ?, ?, ?)',
  );
  const forgetSlice = db.prepare(
    `DELETE FROM relist_seen WHERE (cluster, kind, namespace, name) IN
       (SELECT cluster, kind, namespace, name FROM relist_seen WHERE cluster = ? AND kind = ?
        LIMIT ${deletionsPerSlice})`,
  );
  const forget = () => deleteInSlices(target, () => forgetSlice.run(cluster, kind).changes);
  // A relist of this pair that ended without finish or abandon (cannot happen through WatchLoop)
  // must not count as seen in this one.
  db.prepare('DELETE FROM relist_seen WHERE cluster = ? AND kind = ?').run(cluster, kind);
  return {
    add: async (objects) => {
      for (const slice of slices(objects, target.objectsPerSlice)) {
        await target.pacer.turn();
        target.transaction(() => {
          for (const object of slice) {
            const key = target.write(cluster, kind, object);
            if (key && !fresh) seen.run(cluster, kind, key.namespace, key.name);
          }
        });
      }
    },
    finish: async () => {
      if (fresh) return;
      await removeUnseen(target, cluster, kind);
      await forget();
    },
    abandon: async () => {
      if (!fresh) await forget();
    },
  };
}

/**
 * Walks the pair's rows in key order (namespace, name), a slice of rows per turn, deleting those
 * of each slice the relist did not see. A correlated NOT EXISTS looks each row up in relist_seen's
 * key; `NOT IN (SELECT …)` would build the whole seen set again for every slice.
 */
async function removeUnseen(target: RelistTarget, cluster: string, kind: string): Promise<void> {
  const { db } = target;
  const sliceEnd = db.prepare(
    `SELECT namespace, name FROM (SELECT namespace, name FROM objects
       WHERE cluster = ? AND kind = ? AND (namespace, name) > (?, ?)
       ORDER BY namespace, name LIMIT ${deletionsPerSlice})
     ORDER BY namespace DESC, name DESC LIMIT 1`,
  );
  const deleteUnseen = db.prepare(
    `DELETE FROM objects WHERE cluster = ? AND kind = ?
       AND (namespace, name) > (?, ?) AND (namespace, name) <= (?, ?)
       AND NOT EXISTS (SELECT 1 FROM relist_seen AS s
         WHERE s.cluster = objects.cluster AND s.kind = objects.kind
           AND s.namespace = objects.namespace AND s.name = objects.name)`,
  );
  // Before every key: no name is empty (row.ts does not index a nameless object).
  let after = { namespace: '', name: '' };
  for (;;) {
    await target.pacer.turn();
    const last = sliceEnd.get(cluster, kind, after.namespace, after.name) as
      { namespace: string; name: string } | undefined;
    if (last === undefined) return;
    target.transaction(() => {
      deleteUnseen.run(cluster, kind, after.namespace, after.name, last.namespace, last.name);
    });
    after = last;
  }
}
