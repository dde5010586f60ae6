import type { KubernetesObject } from '@kubernetes/client-node';
import type { KindDefinition } from '../crds/kind.js';
import { parseStored } from '../crds/kind.js';
import type { Logger } from '../logger.js';
import { compareResourceVersions } from './resource-version.js';
import type { ChangeListener, ChangeType, Stored } from './types.js';
import { Tombstones } from './tombstones.js';

/** Timestamps as the hub sends them (RFC 3339 strings), whichever client path produced the object. */
function withStringTimes(object: KubernetesObject): KubernetesObject {
  const metadata = object.metadata;
  if (!metadata) return object;
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
  return {
    ...object,
    metadata: {
      ...metadata,
      creationTimestamp: iso(metadata.creationTimestamp),
      ...(metadata.deletionTimestamp ? { deletionTimestamp: iso(metadata.deletionTimestamp) } : {}),
    },
  } as KubernetesObject;
}

/** Where a state of an object comes from: the ordered watch stream, or an answer to our call. */
type Source = 'watch' | 'answer';

/**
 * The parsed objects of one kind by name and uid, and the one place that decides what the cache
 * holds. Its rules (docs/decisions/hub-cache-versions.md):
 * - a state replaces the cached one only when its resourceVersion is greater (the watch's also
 *   when equal: the answer to our own write is stored first and its event comes after);
 * - a deleted uid is buried, and any later answer or event naming it is dropped;
 * - a relist replaces what drifted and removes what the hub no longer has, with the events
 *   the controllers would have seen, then lets the tombstones made before it go.
 */
export class ObjectIndex<K extends KindDefinition> {
  private readonly byName = new Map<string, Stored<K>>();
  private readonly nameByUid = new Map<string, string>();
  private readonly listeners = new Set<ChangeListener<K>>();
  private readonly tombstones = new Tombstones();

  constructor(
    private readonly kind: K,
    private readonly log: Logger,
  ) {}

  /** Validates a hub object; objects the schema rejects are kept out of the cache. */
  parse(object: KubernetesObject): Stored<K> | undefined {
    const result = parseStored(this.kind, withStringTimes(object) as Record<string, unknown>);
    if (result.success) return result.data as unknown as Stored<K>;
    this.log.warn(
      { name: object.metadata?.name, issues: result.error.issues.map((issue) => issue.message) },
      'hub object does not match its schema; ignored',
    );
    return undefined;
  }

  /** A watch event that added or changed an object. */
  upsert(object: KubernetesObject, type: ChangeType): void {
    const parsed = this.parse(object);
    if (!parsed) {
      this.discard(object.metadata?.name ?? '');
      return;
    }
    if (!this.accepts(parsed, 'watch')) return;
    this.store(parsed);
    this.emit(type, parsed);
  }

  /**
   * The answer to our own read or write: cached unless the cache holds a newer state or saw the
   * object deleted meanwhile (the caller gets the answer either way).
   */
  remember(object: KubernetesObject): Stored<K> {
    const parsed = this.parse(object);
    if (!parsed) throw new Error(`${this.kind.kind} ${object.metadata?.name} failed validation`);
    if (this.accepts(parsed, 'answer')) this.store(parsed);
    return parsed;
  }

  /** A watch event that deleted an object. */
  remove(object: KubernetesObject): void {
    const name = object.metadata?.name;
    if (!name) return;
    const uid = object.metadata?.uid;
    const existing = this.byName.get(name);
    const cached = existing && (!uid || existing.metadata.uid === uid) ? existing : undefined;
    const deleted = cached ?? this.parse(object);
    if (cached) this.unstore(cached);
    const resourceVersion = object.metadata?.resourceVersion ?? '';
    const untold = uid ? this.tombstones.bury(uid, name, resourceVersion, true) : true;
    if (deleted && untold) this.emit('delete', deleted);
  }

  /**
   * Our own write answered that the object is gone (`uid`, else the cached one). No event: the
   * watch's delete follows and tells the listeners.
   */
  forgetDeleted(name: string, uid?: string, resourceVersion?: string): void {
    const existing = this.byName.get(name);
    const gone = uid ?? existing?.metadata.uid;
    if (!gone) return;
    if (existing?.metadata.uid === gone) this.unstore(existing);
    this.tombstones.bury(
      gone,
      name,
      resourceVersion ?? existing?.metadata.resourceVersion ?? '',
      false,
    );
  }

  /** A relist is about to be requested; pass the answer to relisted(). */
  beginRelist(): number {
    return this.tombstones.beginRelist();
  }

  /**
   * A full list from the hub, read at `listVersion`, repairs the cache: what drifted is replaced,
   * what the hub no longer has is removed (unless the watch showed it after the list was read),
   * each with its event.
   */
  relisted(epoch: number, objects: readonly KubernetesObject[], listVersion = ''): void {
    const listed = new Map<string, Stored<K>>();
    for (const object of objects) {
      const parsed = this.parse(object);
      if (parsed) listed.set(parsed.metadata.name, parsed);
    }
    for (const item of listed.values()) this.repairFrom(item);
    for (const existing of [...this.byName.values()]) {
      if (listed.get(existing.metadata.name)?.metadata.uid === existing.metadata.uid) continue;
      const order = compareResourceVersions(existing.metadata.resourceVersion, listVersion);
      if (order === 1) continue;
      this.log.info(
        { name: existing.metadata.name, uid: existing.metadata.uid },
        'hub cache held an object the hub no longer has; removed',
      );
      this.drop(existing, order !== undefined);
    }
    this.tombstones.expire(epoch);
  }

  get(name: string): Stored<K> | undefined {
    return this.byName.get(name);
  }

  getByUid(uid: string): Stored<K> | undefined {
    const name = this.nameByUid.get(uid);
    return name === undefined ? undefined : this.byName.get(name);
  }

  list(filter?: (object: Stored<K>) => boolean): Stored<K>[] {
    const all = [...this.byName.values()];
    return filter ? all.filter(filter) : all;
  }

  subscribe(listener: ChangeListener<K>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Whether `candidate` may replace what the cache holds under its name. A version that cannot be
   * ordered lets the watch win (the server's own ordered stream) and an answer only fill a gap.
   */
  private accepts(candidate: Stored<K>, source: Source): boolean {
    const { name, uid, resourceVersion } = candidate.metadata;
    const tombstone = this.tombstones.of(uid);
    if (tombstone) {
      this.log.debug(
        { name, uid, resourceVersion, deletedAt: tombstone.resourceVersion, source },
        'state of a deleted object dropped',
      );
      return false;
    }
    const existing = this.byName.get(name);
    if (!existing) return true;
    const order = compareResourceVersions(resourceVersion, existing.metadata.resourceVersion);
    if (order === undefined) return source === 'watch';
    return source === 'watch' ? order >= 0 : order > 0;
  }

  /** One listed object against the cache: the list is a fresh read, so it wins unless older. */
  private repairFrom(item: Stored<K>): void {
    if (this.tombstones.of(item.metadata.uid)) return;
    const existing = this.byName.get(item.metadata.name);
    if (!existing) {
      this.store(item);
      this.emit('add', item);
      return;
    }
    const order = compareResourceVersions(
      item.metadata.resourceVersion,
      existing.metadata.resourceVersion,
    );
    if (order === 0 || order === -1) return;
    if (
      order === undefined &&
      item.metadata.resourceVersion === existing.metadata.resourceVersion
    ) {
      return;
    }
    if (existing.metadata.uid !== item.metadata.uid) {
      this.drop(existing, true);
      this.store(item);
      this.emit('add', item);
      return;
    }
    this.store(item);
    this.emit('update', item);
  }

  /** Removes a cached object the hub no longer has and tells the listeners. */
  private drop(existing: Stored<K>, bury: boolean): void {
    const { name, uid, resourceVersion } = existing.metadata;
    this.unstore(existing);
    const untold = bury ? this.tombstones.bury(uid, name, resourceVersion, true) : true;
    if (untold) this.emit('delete', existing);
  }

  /** An object the schema rejects leaves the cache (it is not deleted: no tombstone). */
  private discard(name: string): void {
    const existing = this.byName.get(name);
    if (existing) this.unstore(existing);
  }

  private store(parsed: Stored<K>): void {
    const previous = this.byName.get(parsed.metadata.name);
    if (previous && previous.metadata.uid !== parsed.metadata.uid) {
      this.nameByUid.delete(previous.metadata.uid);
    }
    this.byName.set(parsed.metadata.name, parsed);
    this.nameByUid.set(parsed.metadata.uid, parsed.metadata.name);
  }

  private unstore(existing: Stored<K>): void {
    this.byName.delete(existing.metadata.name);
    this.nameByUid.delete(existing.metadata.uid);
  }

  private emit(type: ChangeType, object: Stored<K>): void {
    for (const listener of this.listeners) {
      try {
        listener(type, object);
      } catch (error) {
        this.log.error({ err: error }, 'store listener failed');
      }
    }
  }
}
