import type { z } from 'zod';
import type { KindDefinition } from '../crds/kind.js';

// The shapes every hub kind store shares; store.ts builds the stores and re-exports these.

/** Object metadata as the hub returns it; the fields Nimbus reads. */
export interface ObjectMeta {
  name: string;
  uid: string;
  resourceVersion: string;
  creationTimestamp: string;
  generation?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  deletionTimestamp?: string;
  finalizers?: string[];
  ownerReferences?: OwnerReference[];
}

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** A stored object: the kind's zod output (defaults filled in) with full hub metadata. */
export type Stored<K extends KindDefinition> = Omit<z.output<K['schema']>, 'metadata'> & {
  metadata: ObjectMeta;
};

type SpecInput<K extends KindDefinition> = z.input<K['schema']>['spec'];
type StatusInput<K extends KindDefinition> = NonNullable<z.input<K['schema']>['status']>;

/**
 * What Nimbus owns of an object. apply() is server-side apply with field manager `nimbus` and
 * force: send the COMPLETE desired spec each time — a field Nimbus set before and now omits is
 * removed. To change one field, use modify(), which reads, mutates and applies with
 * optimistic concurrency.
 */
export interface ApplyObject<K extends KindDefinition> {
  metadata: {
    name: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: OwnerReference[];
    /** Only on create: a finalizer list given to a new object (apply never sends one). */
    finalizers?: string[];
    /** When set, the apply fails with 409 if the object changed since (optimistic concurrency). */
    resourceVersion?: string;
  };
  spec: SpecInput<K>;
}

export interface ModifyOptions {
  /**
   * The uid of the object the caller checked (its organization, their rights): a same-named
   * object made since is another's, and modify answers notFound instead of writing it.
   */
  uid?: string;
  /** Labels (`nimbus.io/` ones) to set or change beside those the object already has. */
  labels?: Record<string, string>;
  /** Annotations (`nimbus.io/` ones) to set or change beside those the object already has. */
  annotations?: Record<string, string>;
}

/** Field managers of status fields written outside the controllers (see modifyStatus). */
export type StatusManager = 'nimbus-mfa' | 'nimbus-invitations' | 'nimbus-index';

/** A JSON merge patch: labels (null removes one), the finalizer list, top-level spec fields. */
export interface MergeChange<K extends KindDefinition> {
  labels?: Record<string, string | null>;
  finalizers?: string[];
  /** Replaces these spec fields whole (a list is replaced, not merged item by item). */
  spec?: Partial<SpecInput<K>>;
}

export type ChangeType = 'add' | 'update' | 'delete';
export type ChangeListener<K extends KindDefinition> = (
  type: ChangeType,
  object: Stored<K>,
) => void;

/** One cluster-scoped kind: reads from the informer cache, writes to the hub. */
export interface KindStore<K extends KindDefinition> {
  readonly kind: K;
  /** From the cache only (fast; may lag our own write by a moment). */
  get(name: string): Stored<K> | undefined;
  getByUid(uid: string): Stored<K> | undefined;
  list(filter?: (object: Stored<K>) => boolean): Stored<K>[];
  /** A fresh list straight from the hub (skips the cache), e.g. before revoking sessions. */
  listDirect(labelSelector?: string): Promise<Stored<K>[]>;
  /** Cache first; on a miss a direct GET (e.g. right after our own or another replica's write). */
  fetch(name: string): Promise<Stored<K> | undefined>;
  /** Creates a new object; conflict (1005) when the name is taken, even on another replica. */
  create(object: ApplyObject<K>): Promise<Stored<K>>;
  apply(object: ApplyObject<K>): Promise<Stored<K>>;
  /** Server-side apply of the status subresource (field manager `nimbus`: the controllers'). */
  applyStatus(name: string, status: StatusInput<K>): Promise<Stored<K>>;
  /**
   * Reads the object from the hub and applies the status fields `change` returns under their
   * own field manager, guarded by resourceVersion and retried on a concurrent change; `change`
   * may throw to refuse. A manager owns exactly the fields it sent last, so the controllers'
   * applyStatus keeps these. Throws notFound.
   */
  modifyStatus(
    name: string,
    manager: StatusManager,
    change: (current: Stored<K>) => Partial<StatusInput<K>>,
  ): Promise<Stored<K>>;
  /**
   * Reads the current object from the hub (never the cache, whose resourceVersion may be a
   * status write behind), lets `change` edit a copy of its spec, and applies it guarded by
   * resourceVersion with the labels, annotations and owners Nimbus set; retries a few times on a
   * concurrent change, calling `change` again on the newer object. `change` may throw to refuse
   * (the object was replaced, say). Throws notFound.
   */
  modify(
    name: string,
    change: (spec: SpecInput<K>, current: Stored<K>) => SpecInput<K>,
    options?: ModifyOptions,
  ): Promise<Stored<K>>;
  /**
   * Reads the object from the hub and merge-patches what `change` returns (undefined: nothing to
   * do), guarded by resourceVersion and retried on a concurrent change. Not server-side apply:
   * it changes fields whoever set them (e.g. a list item written with kubectl, which an apply
   * by Nimbus would keep), and later applies keep what it set. Undefined when the object is
   * gone, also when removing its last finalizer let it go.
   */
  patch(
    name: string,
    change: (current: Stored<K>) => MergeChange<K> | undefined,
  ): Promise<Stored<K> | undefined>;
  /**
   * Returns false when the object did not exist. An object with finalizers stays (Terminating)
   * until they are removed.
   */
  delete(name: string): Promise<boolean>;
  /** Watch events as the cache sees them; returns an unsubscribe function. */
  subscribe(listener: ChangeListener<K>): () => void;
}
