/** Namespaces Kubernetes itself depends on; deleting one breaks the cluster. */
export const systemNamespaces: ReadonlySet<string> = new Set([
  'kube-system',
  'kube-public',
  'kube-node-lease',
  'default',
]);
