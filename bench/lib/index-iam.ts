// The people of the index bench, applied to the hub like a pipeline would: an organization, a
// system administrator (registers the members), and a user whose only role lists ConfigMaps and
// workloads (pods among them) on both bench clusters, so every HTTP figure is taken through the
// caller-rights scope of a user with per-kind rights. Labelled nimbus.io/bench=index.
export const indexBenchLabel = { 'nimbus.io/bench': 'index' };
export const indexBenchOrg = 'bench-index';
export const indexBenchClusters = { 'member-a': 'bench-idx-a', 'member-b': 'bench-idx-b' } as const;
/**
 * The names of a member's registrations when the bench registers it `registrations` times (the
 * shared-store bench, to index more objects than the members can hold): the first is
 * indexBenchClusters', the others add `-2`, `-3`, ...
 */
export function indexBenchRegistrations(
  member: keyof typeof indexBenchClusters,
  registrations: number,
): string[] {
  const first = indexBenchClusters[member];
  return Array.from({ length: registrations }, (_, i) => (i === 0 ? first : `${first}-${i + 1}`));
}
export const indexBenchRole = 'bench-index-reader';
export const indexBenchAdmin = 'bench-index-root';
export const indexBenchUser = 'bench-index-reader';
/** What the role grants: `configmap:list` and `application:list` (pods and workloads), no more. */
export const listableByReader = ['configmaps', 'pods'];
const apiVersion = 'nimbus.io/v1alpha1';

function withPassword(name: string, namespace: string, password: string, spec: object): object[] {
  return [
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: `${name}-password`, namespace, labels: indexBenchLabel },
      stringData: { password },
    },
    {
      apiVersion,
      kind: 'User',
      metadata: { name, labels: indexBenchLabel },
      spec: {
        email: `${name}@example.com`,
        ...spec,
        initialPasswordSecretRef: { name: `${name}-password`, key: 'password' },
      },
    },
  ];
}

export function indexBenchPeople(
  namespace: string,
  password: string,
  clusters: readonly string[] = Object.values(indexBenchClusters),
): object[] {
  return [
    {
      apiVersion,
      kind: 'Organization',
      metadata: { name: indexBenchOrg, labels: indexBenchLabel },
      spec: { cnName: indexBenchOrg, contact: 'Bench', email: 'bench@example.com' },
    },
    {
      apiVersion,
      kind: 'Role',
      metadata: { name: indexBenchRole, labels: indexBenchLabel },
      spec: {
        organization: indexBenchOrg,
        permissions: ['configmap:list', 'application:list'].map((name) => ({
          name,
          effect: 'Allow',
        })),
      },
    },
    ...withPassword(indexBenchAdmin, namespace, password, { sysAdmin: true }),
    ...withPassword(indexBenchUser, namespace, password, {
      organizations: [{ name: indexBenchOrg }],
      clusterPermissions: clusters.map((cluster) => ({
        cluster,
        role: indexBenchRole,
        effect: 'Allow',
      })),
    }),
  ];
}

/** `kubectl delete` arguments that remove what indexBenchPeople applied (Clusters first). */
export const indexBenchRemovals: string[][] = [
  ['clusters.nimbus.io', ...Object.values(indexBenchClusters), '--wait=true', '--timeout=180s'],
  ['users.nimbus.io', '-l', 'nimbus.io/bench=index', '--wait=false'],
  ['roles.nimbus.io', indexBenchRole, '--wait=false'],
  ['organizations.nimbus.io', indexBenchOrg, '--wait=false'],
  ['secret', '-n', 'nimbus-system', '-l', 'nimbus.io/bench=index'],
];
