/**
 * Orders two resourceVersions of one kind. Kubernetes calls them opaque, but the hub is a
 * kube-apiserver on etcd, whose resourceVersions are the decimal etcd revisions of the writes:
 * a later write of any object has a greater one, so a greater number is a newer state and two
 * objects of the same name compare by it too. A version that is not a decimal integer cannot be
 * ordered (undefined); each caller says what wins then (docs/decisions/hub-cache-versions.md).
 */
export function compareResourceVersions(a: string, b: string): -1 | 0 | 1 | undefined {
  if (!/^\d+$/.test(a) || !/^\d+$/.test(b)) return undefined;
  const left = BigInt(a);
  const right = BigInt(b);
  return left === right ? 0 : left > right ? 1 : -1;
}
