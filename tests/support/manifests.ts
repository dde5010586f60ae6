// Valid sample objects of every Nimbus kind; tests break one field at a time.
export type Manifest = Record<string, unknown> & { kind: string; metadata: { name: string } };

const apiVersion = 'nimbus.io/v1alpha1';

export function validManifests(suffix: string): Manifest[] {
  const org = `acme-${suffix}`;
  return [
    {
      apiVersion,
      kind: 'Organization',
      metadata: { name: org },
      spec: { cnName: 'acme', contact: 'Jane Doe', email: 'ops@acme.example' },
    },
    {
      apiVersion,
      kind: 'User',
      metadata: { name: `jane.doe-${suffix}` },
      spec: {
        email: 'jane@acme.example',
        organizations: [{ name: org, admin: true }],
        clusterPermissions: [{ cluster: 'member-a', role: 'developer', effect: 'Allow' }],
      },
    },
    {
      apiVersion,
      kind: 'UserGroup',
      metadata: { name: `devs-${suffix}` },
      spec: { organization: org, members: [`jane.doe-${suffix}`] },
    },
    {
      apiVersion,
      kind: 'Role',
      metadata: { name: `reader-${suffix}` },
      spec: { organization: org, permissions: [{ name: 'application:list', effect: 'Allow' }] },
    },
    {
      apiVersion,
      kind: 'Cluster',
      metadata: { name: `member-${suffix}` },
      spec: {
        provider: 'ProviderKubeconfig',
        region: 'on-prem',
        credentialsSecretRef: { name: 'member-a-kubeconfig', namespace: 'nimbus-system' },
      },
    },
    {
      apiVersion,
      kind: 'Registry',
      metadata: { name: `hub-${suffix}` },
      spec: { kind: 'DockerHub', host: 'docker.io', organization: org },
    },
    {
      apiVersion,
      kind: 'Favourite',
      metadata: { name: `fav-${suffix}` },
      spec: {
        user: `jane.doe-${suffix}`,
        type: 'Deployment',
        name: 'web',
        vendor: 'ProviderKubeconfig',
        region: 'on-prem',
        cluster: 'member-a',
        namespace: 'demo',
      },
    },
    {
      apiVersion,
      kind: 'AlarmSilence',
      metadata: { name: `maintenance-${suffix}` },
      spec: {
        cluster: 'member-a',
        matchers: [{ name: 'alertname', value: 'NodeDown' }],
        startsAt: '2026-11-21T10:00:00Z',
        endsAt: '2026-11-21T12:00:00Z',
        comment: 'planned maintenance',
        creator: `jane.doe-${suffix}`,
      },
    },
    {
      apiVersion,
      kind: 'AlarmReceiver',
      metadata: { name: `ops-slack-${suffix}` },
      spec: { organization: `acme-${suffix}`, type: 'Slack', slack: { channel: '#alerts' } },
    },
    {
      apiVersion,
      kind: 'AlarmRule',
      metadata: { name: `unavailable-${suffix}` },
      spec: {
        organization: `acme-${suffix}`,
        cluster: 'member-a',
        metric: 'kube_deployment_status_replicas_unavailable',
        operator: '>',
        threshold: 0,
        header: 'Deployment unavailable',
        content: '{{labels.deployment}}: {{value}} unavailable',
        receivers: [`ops-slack-${suffix}`],
      },
    },
  ];
}

export function findManifest(manifests: Manifest[], kind: string): Manifest {
  const found = manifests.find((m) => m.kind === kind);
  if (!found) {
    throw new Error(`no sample ${kind}`);
  }
  return structuredClone(found);
}
