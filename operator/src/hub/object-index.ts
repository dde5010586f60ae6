import type { KubernetesObject } from '@kubernetes/client-node';
import type { KindDefinition } from '../crds/kind.js';
import { parseStored } from '../crds/kind.js';
import type { Logger } from '../logger.js';
import type { ChangeListener, ChangeType, Stored } from './store.js';

/** Orders two resourceVersions when both are numeric (etcd's are); otherwise says "newer". */
function isNewer(candidate: string, existing: string): boolean {
  if (!/^\d+$/.test(candidate) || !/^\d+$/.test(existing)) return true;
  return BigInt(candidate) >= BigInt(existing);
}

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

/** The parsed objects of one kind by name and uid, fed by the informer and our own writes. */
export class ObjectIndex<K extends KindDefinition> {
  private readonly byName = new Map<string, Stored<K>>();
  private readonly nameByUid = new Map<string, string>();
  private readonly listeners = new Set<ChangeListener<K>>();

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

  upsert(object: KubernetesObject, type: ChangeType): void {
    const parsed = this.parse(object);
    if (!parsed) {
      this.forget(object.metadata?.name ?? '');
      return;
    }
    this.store(parsed);
    this.emit(type, parsed);
  }

  /** Caches the result of our own read or write unless the watch already saw a newer one. */
  remember(object: KubernetesObject): Stored<K> {
    const parsed = this.parse(object);
    if (!parsed) throw new Error(`${this.kind.kind} ${object.metadata?.name} failed validation`);
    const existing = this.byName.get(parsed.metadata.name);
    if (!existing || isNewer(parsed.metadata.resourceVersion, existing.metadata.resourceVersion)) {
      this.store(parsed);
    }
    return parsed;
  }

  remove(object: KubernetesObject): void {
    const name = object.metadata?.name;
    if (!name) return;
    const existing = this.byName.get(name);
    this.forget(name);
    const parsed = existing ?? this.parse(object);
    if (parsed) this.emit('delete', parsed);
  }

  forget(name: string): void {
    const existing = this.byName.get(name);
    if (existing) this.nameByUid.delete(existing.metadata.uid);
    this.byName.delete(name);
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

  private store(parsed: Stored<K>): void {
    const previous = this.byName.get(parsed.metadata.name);
    if (previous && previous.metadata.uid !== parsed.metadata.uid) {
      this.nameByUid.delete(previous.metadata.uid);
    }
    this.byName.set(parsed.metadata.name, parsed);
    this.nameByUid.set(parsed.metadata.uid, parsed.metadata.name);
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
