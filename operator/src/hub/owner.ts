import type { ObjectMeta, OwnerReference } from './store.js';

/** An owner reference that lets the hub's garbage collector delete dependents with the owner. */
export function ownerReference(owner: {
  apiVersion: string;
  kind: string;
  metadata: Pick<ObjectMeta, 'name' | 'uid'>;
}): OwnerReference {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name,
    uid: owner.metadata.uid,
    blockOwnerDeletion: false,
  };
}
