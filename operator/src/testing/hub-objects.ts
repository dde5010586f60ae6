import type { KubernetesObject } from '@kubernetes/client-node';

/** A User as the hub sends it (timestamps as strings), for the hub cache's unit tests. */
export function hubUser(
  name: string,
  resourceVersion: string,
  email = `${name}@example.com`,
  uid = `uid-${name}`,
): KubernetesObject {
  const object = {
    apiVersion: 'nimbus.io/v1alpha1',
    kind: 'User',
    metadata: { name, uid, resourceVersion, creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { email },
  };
  // Hub JSON carries timestamps as strings; the client's type says Date.
  return object as unknown as KubernetesObject;
}
