// Objects and scopes the index store suites share (store.test.ts, store-sqlite-file.test.ts).
import type { KubeObject } from '../trim.js';
import { everyKindIn } from './scope.js';

/** A pod named `name` in `namespace`, its uid derived from both unless given. */
export function obj(
  name: string,
  namespace: string | undefined,
  extra: { uid?: string; labels?: Record<string, string>; created?: string; rv?: string } = {},
): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      ...(namespace ? { namespace } : {}),
      uid: extra.uid ?? `${namespace ?? ''}-${name}`,
      resourceVersion: extra.rv ?? '1',
      creationTimestamp: extra.created ?? '2026-01-01T00:00:00Z',
      labels: extra.labels ?? {},
    },
    spec: { nodeName: 'node-1' },
  };
}

export const all = (...clusters: string[]) => clusters.map((cluster) => everyKindIn(cluster));
