export interface Tombstone {
  name: string;
  resourceVersion: string;
  /** The relist epoch it was made in: the first relist begun after it lets it go. */
  epoch: number;
  /** Whether the cache's listeners were told of the deletion. */
  announced: boolean;
}

/**
 * What a hub cache keeps of the objects it saw deleted, by uid: a uid never comes back, so an
 * answer or watch event naming a buried uid is late and is dropped. A tombstone lives until a
 * relist begun after it completes: that list no longer holds the object, and what drifts later
 * the next relist repairs.
 */
export class Tombstones {
  private readonly byUid = new Map<string, Tombstone>();
  private epoch = 0;

  /** The tombstone of `uid`, if the cache saw it deleted. */
  of(uid: string): Tombstone | undefined {
    return this.byUid.get(uid);
  }

  /**
   * Records the deletion of `uid` (seen by the watch or a relist when `announced`, else told by
   * our own write's answer). True when the listeners still have to hear of it.
   */
  bury(uid: string, name: string, resourceVersion: string, announced: boolean): boolean {
    const existing = this.byUid.get(uid);
    const alreadyAnnounced = existing?.announced ?? false;
    this.byUid.set(uid, {
      name,
      resourceVersion: existing?.resourceVersion || resourceVersion,
      epoch: existing?.epoch ?? this.epoch,
      announced: alreadyAnnounced || announced,
    });
    return announced && !alreadyAnnounced;
  }

  /** A relist begins: returns its epoch, for expire() once it has been applied. */
  beginRelist(): number {
    return ++this.epoch;
  }

  /** After the relist begun at `epoch`: the tombstones made before it began go. */
  expire(epoch: number): void {
    for (const [uid, tombstone] of this.byUid) {
      if (tombstone.epoch < epoch) this.byUid.delete(uid);
    }
  }
}
