// Objects are stored with only what lists need: no managedFields, no last-applied annotation,
// no values a list must not show (ConfigMap data, container env values), and Secrets as
// metadata with an allow-list of annotations. Detail views read the member live as the user.
import { findIndexedKind } from './kinds.js';

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

/**
 * Annotations kept on metadata-only kinds (Secrets): these describe rather than carry; any other
 * may hold a credential (tools copy tokens and whole manifests into annotations).
 */
export const secretAnnotationAllowList: ReadonlySet<string> = new Set([
  'kubernetes.io/description',
  'kubernetes.io/service-account.name',
  'kubernetes.io/service-account.uid',
  'meta.helm.sh/release-name',
  'meta.helm.sh/release-namespace',
]);

const containerLists = ['containers', 'initContainers', 'ephemeralContainers'];

function trimMetadata(metadata: ObjectMeta, keepAnnotation: (key: string) => boolean): ObjectMeta {
  const { managedFields: _managedFields, annotations, ...rest } = metadata;
  if (!annotations) {
    return rest;
  }
  const kept = Object.fromEntries(
    Object.entries(annotations).filter(
      ([key]) => key !== lastAppliedAnnotation && keepAnnotation(key),
    ),
  );
  return Object.keys(kept).length > 0 ? { ...rest, annotations: kept } : rest;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys kept (the list's key count), values blanked. */
function keysOnly(map: unknown): Record<string, string> | undefined {
  return isRecord(map) ? Object.fromEntries(Object.keys(map).map((key) => [key, ''])) : undefined;
}

function withoutEnvValue(env: unknown): unknown {
  if (!isRecord(env)) return env;
  const { value: _value, ...rest } = env;
  return rest;
}

function withoutEnvValueInContainer(container: unknown): unknown {
  if (!isRecord(container) || !Array.isArray(container.env)) return container;
  return { ...container, env: container.env.map(withoutEnvValue) };
}

/**
 * Container `env[].value` removed wherever a pod spec sits (pods, workload templates, cron job
 * templates); names and `valueFrom` references stay.
 */
function withoutEnvValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEnvValues);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      containerLists.includes(key) && Array.isArray(child)
        ? child.map(withoutEnvValueInContainer)
        : withoutEnvValues(child),
    ]),
  );
}

/** The copy of `object` the index stores for the indexed kind named `kind`. */
export function indexedCopy(kind: string, object: KubeObject): KubeObject {
  const definition = findIndexedKind(kind);
  if (definition?.metadataOnly) {
    const metadata = trimMetadata(object.metadata ?? {}, (key) =>
      secretAnnotationAllowList.has(key),
    );
    return { apiVersion: object.apiVersion, kind: object.kind, metadata };
  }
  const { metadata: rawMetadata, ...body } = object;
  const metadata = trimMetadata(rawMetadata ?? {}, () => true);
  if (kind === 'configmaps') {
    const { data, binaryData, ...rest } = body;
    const dataKeys = keysOnly(data);
    const binaryKeys = keysOnly(binaryData);
    return {
      ...rest,
      metadata,
      ...(dataKeys ? { data: dataKeys } : {}),
      ...(binaryKeys ? { binaryData: binaryKeys } : {}),
    };
  }
  return { ...(withoutEnvValues(body) as KubeObject), metadata };
}
