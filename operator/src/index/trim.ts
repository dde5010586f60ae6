// Objects are stored without the bulk nobody reads back, and Secrets never with their data.
export interface ObjectMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  managedFields?: unknown;
  [key: string]: unknown;
}

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  [key: string]: unknown;
}

export const lastAppliedAnnotation = 'kubectl.kubernetes.io/last-applied-configuration';

function trimMetadata(metadata: ObjectMeta): ObjectMeta {
  const { managedFields: _managedFields, annotations, ...rest } = metadata;
  if (!annotations) {
    return rest;
  }
  const { [lastAppliedAnnotation]: _lastApplied, ...kept } = annotations;
  return Object.keys(kept).length > 0 ? { ...rest, annotations: kept } : rest;
}

/** A copy safe to index: no managedFields, no last-applied annotation; metadata only when asked. */
export function trimObject(object: KubeObject, metadataOnly: boolean): KubeObject {
  const metadata = trimMetadata(object.metadata ?? {});
  if (metadataOnly) {
    return { apiVersion: object.apiVersion, kind: object.kind, metadata };
  }
  return { ...object, metadata };
}
