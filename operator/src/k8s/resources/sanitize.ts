// What a member object may look like in a response: never Secret data, never managedFields.
import type { KubeObject, ObjectMeta } from '../../index/trim.js';
import { lastAppliedAnnotation } from '../../index/trim.js';

function withoutManagedFields(metadata: ObjectMeta | undefined): ObjectMeta {
  const { managedFields: _managedFields, ...rest } = metadata ?? {};
  return rest;
}

/** kubectl apply copies a Secret's whole manifest, data included, into this annotation. */
function withoutLastApplied(metadata: ObjectMeta): ObjectMeta {
  if (!metadata.annotations || !(lastAppliedAnnotation in metadata.annotations)) return metadata;
  const { [lastAppliedAnnotation]: _lastApplied, ...annotations } = metadata.annotations;
  return { ...metadata, annotations };
}

/** The object as a response may show it; Secrets (kind plural `secrets`) keep metadata only. */
export function publicObject(kind: string, object: KubeObject): KubeObject {
  const metadata = withoutManagedFields(object.metadata);
  if (kind === 'secrets') {
    const type = typeof object.type === 'string' ? { type: object.type } : {};
    return { apiVersion: 'v1', kind: 'Secret', metadata: withoutLastApplied(metadata), ...type };
  }
  return { ...object, metadata };
}
