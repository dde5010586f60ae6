// The IAM of the 1,000-users bench as one List a pipeline would apply: one organization, its two
// member registrations bound per group, N users spread over M groups. Every object carries the
// label nimbus.io/bench=iam so the clean-up finds it.
export const benchLabel = { 'nimbus.io/bench': 'iam' };
export const benchOrg = 'bench-iam';
export const benchClusters = { 'member-a': 'bench-a', 'member-b': 'bench-b' } as const;
export type MemberName = keyof typeof benchClusters;

const apiVersion = 'nimbus.io/v1alpha1';
type Effect = 'Allow' | 'Deny';
interface Binding {
  cluster: string;
  role: 'developer' | 'read-only';
  effect: Effect;
}

export const userName = (i: number) => `bench-u-${String(i).padStart(4, '0')}`;
const groupName = (g: number) => `bench-g-${String(g).padStart(3, '0')}`;

/** Even groups: developer on member-a, read-only on member-b; odd: read-only on a, denied on b. */
function groupBindings(g: number): Binding[] {
  return g % 2 === 0
    ? [
        { cluster: benchClusters['member-a'], role: 'developer', effect: 'Allow' },
        { cluster: benchClusters['member-b'], role: 'read-only', effect: 'Allow' },
      ]
    : [
        { cluster: benchClusters['member-a'], role: 'read-only', effect: 'Allow' },
        { cluster: benchClusters['member-b'], role: 'developer', effect: 'Deny' },
      ];
}

/** What `kubectl auth can-i` must answer on a member for a user, once projected. */
export interface Expectation {
  user: string;
  listPods: boolean;
  createDeployments: boolean;
}

export function expectations(users: number, groups: number, member: MemberName): Expectation[] {
  return Array.from({ length: users }, (_, i) => {
    const binding = groupBindings(i % groups).find((b) => b.cluster === benchClusters[member]);
    const allowed = binding?.effect === 'Allow';
    return {
      user: userName(i),
      listPods: allowed,
      createDeployments: allowed && binding?.role === 'developer',
    };
  });
}

export function iamObjects(users: number, groups: number): object[] {
  const organization = {
    apiVersion,
    kind: 'Organization',
    metadata: { name: benchOrg, labels: benchLabel },
    spec: { cnName: benchOrg, contact: 'Bench', email: 'bench@example.com' },
  };
  const groupObjects = Array.from({ length: groups }, (_, g) => ({
    apiVersion,
    kind: 'UserGroup',
    metadata: { name: groupName(g), labels: { ...benchLabel, 'nimbus.io/organization': benchOrg } },
    spec: {
      organization: benchOrg,
      members: Array.from({ length: users }, (_, i) => i)
        .filter((i) => i % groups === g)
        .map(userName),
      clusterPermissions: groupBindings(g),
    },
  }));
  const userObjects = Array.from({ length: users }, (_, i) => ({
    apiVersion,
    kind: 'User',
    metadata: { name: userName(i), labels: benchLabel },
    spec: { email: `${userName(i)}@example.com`, organizations: [{ name: benchOrg }] },
  }));
  return [organization, ...groupObjects, ...userObjects];
}

/** A system administrator with a password from a Secret, to register the members and page lists. */
export function benchAdmin(namespace: string, password: string): object[] {
  return [
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'bench-iam-root-password', namespace, labels: benchLabel },
      stringData: { password },
    },
    {
      apiVersion,
      kind: 'User',
      metadata: { name: 'bench-iam-root', labels: benchLabel },
      spec: {
        email: 'bench-iam-root@example.com',
        sysAdmin: true,
        initialPasswordSecretRef: { name: 'bench-iam-root-password', key: 'password' },
      },
    },
  ];
}
