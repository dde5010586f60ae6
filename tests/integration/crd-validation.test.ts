// The CRDs in crds/ applied to the real hub: good manifests are stored, bad ones are refused
// with a message a GitOps author can act on.
import { afterAll, describe, expect, it } from 'vitest';
import { testEnv } from '../support/env.js';
import { kubectl } from '../support/kubectl.js';
import { findManifest, validManifests, type Manifest } from '../support/manifests.js';

const suffix = `cv${Date.now().toString(36)}`;
const samples = validManifests(suffix);
const hub = (args: string[], input?: string) => kubectl(testEnv.hubKubeconfig, args, input);

function create(manifest: Manifest) {
  return hub(['create', '-f', '-', '-o', 'name'], JSON.stringify(manifest));
}

type Breaker = (m: Manifest) => void;
const spec = (m: Manifest) => m.spec as Record<string, unknown>;

const badCases: Array<{ title: string; kind: string; breakIt: Breaker; message: RegExp }> = [
  {
    title: 'an organization name with capitals',
    kind: 'Organization',
    breakIt: (m) => (m.metadata.name = `Acme-${suffix}`),
    message: /lowercase letters, digits and hyphens/,
  },
  {
    title: 'an organization without contact',
    kind: 'Organization',
    breakIt: (m) => delete spec(m).contact,
    message: /spec\.contact: Required value/,
  },
  {
    title: 'an organization with a malformed email',
    kind: 'Organization',
    breakIt: (m) => (spec(m).email = 'not-an-email'),
    message: /spec\.email/,
  },
  {
    title: 'a user name with an underscore',
    kind: 'User',
    breakIt: (m) => (m.metadata.name = `jane_doe-${suffix}`),
    message:
      /metadata\.name must consist of lowercase letters, digits and hyphens in dot-separated labels/,
  },
  {
    title: 'a user without email',
    kind: 'User',
    breakIt: (m) => delete spec(m).email,
    message: /spec\.email: Required value/,
  },
  {
    title: 'a per-cluster effect other than Allow or Deny',
    kind: 'User',
    breakIt: (m) =>
      (spec(m).clusterPermissions = [{ cluster: 'member-a', role: 'developer', effect: 'Maybe' }]),
    message: /Unsupported value: "Maybe": supported values: "Allow", "Deny"/,
  },
  {
    title: "a user whose credentialsSecretRef names another user's Secret",
    kind: 'User',
    breakIt: (m) =>
      (spec(m).credentialsSecretRef = { name: 'user-admin', namespace: 'nimbus-system' }),
    message: /credentialsSecretRef is deprecated and may only name the user's own Secret/,
  },
  {
    title: "a user whose initialPasswordSecretRef names a user's credentials Secret",
    kind: 'User',
    breakIt: (m) =>
      (spec(m).initialPasswordSecretRef = { name: 'user-admin', key: 'passwordHash' }),
    message: /initialPasswordSecretRef must not name a Secret where Nimbus keeps credentials/,
  },
  {
    title: "a user whose initialPasswordSecretRef names a cluster's credentials",
    kind: 'User',
    breakIt: (m) =>
      (spec(m).initialPasswordSecretRef = { name: 'nimbus-cluster-prod-credentials', key: 'x' }),
    message: /initialPasswordSecretRef must not name a Secret where Nimbus keeps credentials/,
  },
  {
    title: 'a role permission effect outside allow/deny',
    kind: 'Role',
    breakIt: (m) => (spec(m).permissions = [{ name: 'application:list', effect: 'ALLOW' }]),
    message: /Unsupported value: "ALLOW"/,
  },
  {
    title: 'a role permission without effect',
    kind: 'Role',
    breakIt: (m) => (spec(m).permissions = [{ name: 'application:list' }]),
    message: /effect: Required value/,
  },
  {
    title: 'an unknown provider kind',
    kind: 'Cluster',
    breakIt: (m) => (spec(m).provider = 'ProviderAzure'),
    message: /Unsupported value: "ProviderAzure"/,
  },
  {
    title: 'a cluster name with a dot',
    kind: 'Cluster',
    breakIt: (m) => (m.metadata.name = `member.${suffix}`),
    message: /lowercase letters, digits and hyphens/,
  },
  {
    title: 'a silence that ends before it starts',
    kind: 'AlarmSilence',
    breakIt: (m) => (spec(m).endsAt = '2026-11-21T09:00:00Z'),
    message: /spec\.endsAt must not be earlier than spec\.startsAt/,
  },
  {
    title: 'a user group without organization',
    kind: 'UserGroup',
    breakIt: (m) => delete spec(m).organization,
    message: /spec\.organization: Required value/,
  },
];

describe('CRD validation on the real hub', () => {
  afterAll(() => {
    // Dependents first: the Organization's finalizer waits for its Cluster and Registry.
    for (const m of [...samples].reverse()) {
      hub(['delete', m.kind.toLowerCase() + '.nimbus.io', m.metadata.name, '--ignore-not-found']);
    }
  });

  it('serves every Nimbus kind from the nimbus.io group', () => {
    const result = hub(['api-resources', '--api-group=nimbus.io', '-o', 'name']);
    expect(result.status).toBe(0);
    const names = result.stdout.trim().split('\n').sort();
    expect(names).toEqual(
      [
        'alarmsilences.nimbus.io',
        'alarmreceivers.nimbus.io',
        'alarmrules.nimbus.io',
        'chartsources.nimbus.io',
        'clusters.nimbus.io',
        'dashboardcategories.nimbus.io',
        'dashboards.nimbus.io',
        'favourites.nimbus.io',
        'identityproviders.nimbus.io',
        'organizations.nimbus.io',
        'registries.nimbus.io',
        'roles.nimbus.io',
        'sessions.nimbus.io',
        'usergroups.nimbus.io',
        'users.nimbus.io',
      ].sort(),
    );
  });

  it.each(samples.map((m) => [m.kind, m] as const))('accepts a valid %s', (_kind, manifest) => {
    const result = create(manifest);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('shows printer columns for users', () => {
    const result = hub(['get', 'users.nimbus.io', `jane.doe-${suffix}`]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/NAME\s+EMAIL\s+SYSADMIN\s+READY\s+AGE/);
    expect(result.stdout).toContain('jane@acme.example');
  });

  it.each(badCases.map((c) => [c.title, c] as const))('rejects %s', (_title, badCase) => {
    const manifest = findManifest(samples, badCase.kind);
    manifest.metadata.name = `${manifest.metadata.name}-bad`;
    badCase.breakIt(manifest);
    const result = create(manifest);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/is invalid/);
    expect(result.stderr).toMatch(badCase.message);
  });
});
