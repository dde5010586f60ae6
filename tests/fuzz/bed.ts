// What the fuzz tier sets up on the shared test bed and takes away again: its own organization
// (every name starts with the run's prefix), member-a registered under its own Cluster name, a
// spare Cluster for the registration endpoints to change, a namespace with a Deployment and a
// ConfigMap, a victim user the fuzzed writes may change, and its four callers.
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsPasswordUser,
  gitOpsSystemAdmin,
  hub,
  hubJson,
  namespace as operatorNamespace,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import {
  applyOnMember,
  gitOpsCluster,
  onMember,
  registerMember,
  unregisterMember,
} from '../support/members.js';
import type { Caller } from './callers.js';
import { anonymousCaller, signedInCaller } from './callers.js';
import type { Operation } from './document.js';
import type { Vocabulary } from './schema-input.js';
import { PlantedSecrets } from './secrets.js';

export interface FuzzBed {
  prefix: string;
  callers: Caller[];
  secrets: PlantedSecrets;
  vocabularyFor(operation: Operation): Vocabulary;
  root: Session;
  organization: { name: string; uuid: string };
  cluster: string;
  spareCluster: string;
}

/** Names the bed's objects and every name the generator makes up (cases.ts nameGuard). */
export function runPrefix(): string {
  return `fz${Date.now().toString(36)}`;
}

/** Endpoints that change or remove a registration get the spare Cluster, never the one in use. */
const registrationPath = /\/(providers|monitors)\b/;

function memberObjects(prefix: string): object[] {
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: prefix } },
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `${prefix}-cfg`, namespace: prefix },
      data: { key: 'value' },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: `${prefix}-web`, namespace: prefix },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: `${prefix}-web` } },
        template: {
          metadata: { labels: { app: `${prefix}-web` } },
          spec: { containers: [{ name: 'web', image: 'registry.invalid/web:1' }] },
        },
      },
    },
  ];
}

export async function setUpBed(prefix: string): Promise<FuzzBed> {
  const secrets = new PlantedSecrets();
  const rootPassword = `root${prefix}1`;
  secrets.add(rootPassword);
  const root = await gitOpsSystemAdmin(prefix);
  secrets.add(root.token);
  const organization = expectOk(
    await root.call<{ uuid: string }>('POST', '/organizations', {
      name: prefix,
      cnName: 'fuzz',
      contact: 'fuzz',
      email: `${prefix}@fuzz.example`,
    }),
  );
  const cluster = `${prefix}-a`;
  const spareCluster = `${prefix}-spare`;
  await registerMember(root, cluster, prefix, 'member-a');
  await gitOpsCluster(root, prefix, spareCluster);
  applyOnMember('member-a', memberObjects(prefix));

  const user = async (name: string, spec: Record<string, unknown>): Promise<string> => {
    const password = secrets.create('Pw');
    await gitOpsPasswordUser(name, password, spec);
    return password;
  };
  const member = { organizations: [{ name: prefix }] };
  const ownerPassword = await user(`${prefix}-owner`, {
    organizations: [{ name: prefix, admin: true }],
  });
  const userPassword = await user(`${prefix}-user`, {
    ...member,
    clusterPermissions: [{ cluster, role: 'read-only', effect: 'Allow' }],
  });
  await user(`${prefix}-victim`, member);
  const victim = expectOk(await root.call<{ uuid: string }>('GET', `/users/${prefix}-victim`));

  const plant = (token: string) => secrets.add(token);
  const plain = await signedInCaller('user', `${prefix}-user`, userPassword, plant);
  const keys = expectOk(
    await api<{ accessKey: string; secretKey: string }>('PUT', 'iam', '/users', {
      token: plain.token,
      body: { userName: `${prefix}-user`, updateType: 'secretKey' },
    }),
  );
  secrets.add(keys.accessKey);
  secrets.add(keys.secretKey);
  const callers: Caller[] = [
    anonymousCaller,
    await signedInCaller('user', `${prefix}-user`, userPassword, plant, keys),
    await signedInCaller('organization admin', `${prefix}-owner`, ownerPassword, plant),
    await signedInCaller('system admin', `root-${prefix}`, rootPassword, plant),
  ];
  const pool = Array.from({ length: 6 }, () => secrets.create('Sk'));

  const base: Record<string, string[]> = {
    organizationId: [prefix, organization.uuid],
    orgId: [organization.uuid, prefix],
    organization: [prefix],
    vendor: ['ProviderKubeconfig'],
    region: ['local'],
    namespace: [prefix],
    name: [`${prefix}-web`, `${prefix}-cfg`],
    kind: ['ProviderKubeconfig', 'deployments', 'Deployment', 'configmaps', 'pods', 'ConfigMap'],
    userName: [`${prefix}-victim`],
    userId: [victim.uuid],
    invitee: [victim.uuid],
    userIds: [victim.uuid],
  };
  return {
    prefix,
    callers,
    secrets,
    root,
    organization: { name: prefix, uuid: organization.uuid },
    cluster,
    spareCluster,
    vocabularyFor(operation) {
      const registration = registrationPath.test(operation.path);
      const clusters = [registration ? spareCluster : cluster];
      return {
        known: { ...base, cluster: clusters, providerId: [spareCluster], id: [spareCluster] },
        secrets: pool,
      };
    },
  };
}

/** Sign-in and registration throttling from the fuzzed sign-ins: other tiers sign in next. */
export function forgetThrottling(): void {
  hub([
    'delete',
    'leases',
    '-n',
    operatorNamespace,
    '-l',
    'nimbus.io/purpose=rate-limit',
    '--ignore-not-found',
  ]);
}

const hubKinds = [
  'alarmsilences',
  'alarmrules',
  'alarmreceivers',
  'dashboards',
  'dashboardcategories',
  'favourites',
  'registries',
  'chartsources',
  'usergroups',
  'roles',
  'clusters',
  'users',
  'organizations',
].map((kind) => `${kind}.nimbus.io`);

interface Listed {
  items: Array<{ metadata: { name: string; labels?: Record<string, string> } }>;
}

/** Removes every object of the run: by name prefix, or by the organization it belongs to. */
export async function tearDownBed(bed: FuzzBed): Promise<void> {
  await unregisterMember(bed.root, bed.cluster, bed.prefix);
  const ours = (name: string | undefined) => name?.startsWith(bed.prefix) === true;
  for (const kind of hubKinds) {
    const names = hubJson<Listed>(['get', kind])
      .items.filter(
        (item) =>
          ours(item.metadata.name) || ours(item.metadata.labels?.['nimbus.io/organization']),
      )
      .map((item) => item.metadata.name);
    if (names.length > 0) hub(['delete', kind, ...names, '--ignore-not-found', '--wait=false']);
  }
  removeGitOpsSystemAdmin(bed.prefix);
  const secrets = hubJson<Listed>(['get', 'secrets', '-n', operatorNamespace])
    .items.map((item) => item.metadata.name)
    .filter(ours);
  if (secrets.length > 0) {
    hub(['delete', 'secrets', '-n', operatorNamespace, ...secrets, '--ignore-not-found']);
  }
  for (const kind of ['namespaces', 'persistentvolumes', 'storageclasses']) {
    const listed = onMember('member-a', ['get', kind, '-o', 'name']);
    const names = listed.stdout.split('\n').filter((line) => ours(line.split('/')[1]));
    if (names.length > 0) onMember('member-a', ['delete', ...names, '--wait=false']);
  }
  forgetThrottling();
  // The organization goes once its clusters have (its controller refuses before).
  await eventually(
    () =>
      hubJson<Listed>(['get', 'organizations.nimbus.io']).items.filter((o) =>
        ours(o.metadata.name),
      ),
    (left) => left.length === 0,
    60_000,
  );
}
