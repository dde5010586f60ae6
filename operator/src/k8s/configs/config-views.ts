// What a ConfigMap or Secret looks like in a response: metadata, type and the data keys. A
// Secret's values never leave the operator, and of its annotations only those that describe it.
import type { ConfigItem } from '@nimbus/api';
import { mountAnnotations } from '@nimbus/api/shared';
import type { KubeObject, ObjectMeta } from '../../index/trim.js';
import { lastAppliedAnnotation, secretAnnotationAllowList } from '../../index/trim.js';

export type ConfigCollection = 'configmaps' | 'secrets';

const mountKeys: ReadonlySet<string> = new Set(Object.values(mountAnnotations));

function keptAnnotations(
  annotations: Record<string, string> | undefined,
  collection: ConfigCollection,
): Record<string, string> | undefined {
  if (!annotations) return undefined;
  const kept = Object.entries(annotations).filter(
    ([key]) =>
      key !== lastAppliedAnnotation &&
      (collection === 'configmaps' || secretAnnotationAllowList.has(key) || mountKeys.has(key)),
  );
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

function itemMetadata(metadata: ObjectMeta | undefined, collection: ConfigCollection) {
  const { managedFields: _managedFields, annotations, ...rest } = metadata ?? {};
  const kept = keptAnnotations(annotations, collection);
  return { ...rest, name: metadata?.name ?? '', ...(kept ? { annotations: kept } : {}) };
}

const keysOf = (...maps: unknown[]): string[] =>
  maps
    .flatMap((map) => (map && typeof map === 'object' ? Object.keys(map) : []))
    .sort((a, b) => a.localeCompare(b));

/** The list and detail item: a ConfigMap's keys of data and binaryData, a Secret's of data. */
export function configItem(collection: ConfigCollection, object: KubeObject): ConfigItem {
  const type = typeof object.type === 'string' ? { type: object.type } : {};
  return {
    metadata: itemMetadata(object.metadata, collection),
    ...type,
    keys: keysOf(object.data, collection === 'configmaps' ? object.binaryData : undefined),
  };
}
