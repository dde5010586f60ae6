import { describe, expect, it } from 'vitest';
import { alarmReceiverKind } from './alarm-receiver.js';
import { alarmRuleKind } from './alarm-rule.js';
import { alarmSilenceKind } from './alarm-silence.js';
import { chartSourceKind } from './chart-source.js';
import { clusterKind } from './cluster.js';
import { dashboardCategoryKind, dashboardKind } from './dashboard.js';
import { favouriteKind } from './favourite.js';
import { identityProviderKind } from './identity-provider.js';
import type { KindDefinition } from './kind.js';
import { parseStored } from './kind.js';
import { allKinds } from './kinds.js';
import { organizationKind } from './organization.js';
import { registryKind } from './registry.js';
import { roleKind } from './role.js';
import { sessionKind } from './session.js';
import { userGroupKind } from './user-group.js';
import { userKind } from './user.js';

function object<S extends object>(kind: KindDefinition, name: string, spec: S, status?: unknown) {
  return { apiVersion: 'nimbus.io/v1alpha1', kind: kind.kind, metadata: { name }, spec, status };
}

const secretRef = { name: 'cluster-a-credentials', namespace: 'nimbus-system' };

/** One valid object per kind; tests below break one thing at a time. */
const valid = {
  organization: object(organizationKind, 'acme', {
    cnName: 'acme-corp',
    contact: 'Jane Doe',
    email: 'ops@acme.example.com',
  }),
  user: object(userKind, 'jane.doe', {
    email: 'jane@acme.example.com',
    organizations: [{ name: 'acme', admin: true }],
    clusterPermissions: [{ cluster: 'prod-eks', role: 'developer' }],
  }),
  userGroup: object(userGroupKind, 'sre', {
    organization: 'acme',
    members: ['jane.doe', 'bob'],
    clusterPermissions: [{ cluster: 'prod-eks', role: 'admin', effect: 'Deny' }],
  }),
  role: object(roleKind, 'developer', {
    organization: 'acme',
    permissions: [
      { name: 'deployments:write', effect: 'Allow' },
      { name: 'secrets:read', effect: 'Deny' },
    ],
  }),
  cluster: object(
    clusterKind,
    'prod-eks',
    {
      provider: 'ProviderAWS',
      region: 'us-east-1',
      credentialsSecretRef: secretRef,
      monitors: [
        { type: 'Prometheus', address: 'http://prometheus.monitoring:9090', enabled: true },
      ],
    },
    { ready: true, version: 'v1.36.3', nodes: 3 },
  ),
  registry: object(registryKind, 'dockerhub', {
    kind: 'DockerHub',
    host: 'docker.io',
    organization: 'acme',
  }),
  favourite: object(favouriteKind, 'jane-web', {
    user: 'jane.doe',
    type: 'Deployment',
    name: 'web',
    vendor: 'aws',
    region: 'us-east-1',
    cluster: 'prod-eks',
    namespace: 'shop',
  }),
  session: object(sessionKind, '0b6f1c9e-4a59-4d2c-9f1e-3c2a1b0d9e8f', {
    user: 'jane.doe',
    expiresAt: '2030-01-01T12:00:00Z',
  }),
  alarmSilence: object(alarmSilenceKind, 'maintenance', {
    cluster: 'prod-eks',
    matchers: [{ name: 'alertname', value: 'NodeDown' }],
    startsAt: '2030-01-01T02:00:00Z',
    endsAt: '2030-01-01T04:00:00+02:00',
    comment: 'planned maintenance',
    creator: 'jane.doe',
  }),
  dashboardCategory: object(dashboardCategoryKind, 'infra', { organization: 'acme' }),
  dashboard: object(dashboardKind, 'nodes', {
    organization: 'acme',
    category: 'infra',
    cluster: 'prod-eks',
    panels: [{ name: 'cpu', title: 'CPU', query: 'sum(rate(node_cpu_seconds_total[5m]))' }],
  }),
  alarmReceiver: object(alarmReceiverKind, 'ops-slack', {
    organization: 'acme',
    type: 'Slack',
    slack: { channel: '#alerts' },
  }),
  alarmRule: object(alarmRuleKind, 'deployment-unavailable', {
    organization: 'acme',
    cluster: 'prod-eks',
    metric: 'kube_deployment_status_replicas_unavailable',
    operator: '>',
    threshold: 0,
    header: 'Deployment unavailable',
    content: '{{labels.deployment}} has {{value}} unavailable replicas',
    receivers: ['ops-slack'],
  }),
  chartSource: object(chartSourceKind, 'team-charts', {
    type: 'OCI',
    url: 'oci://registry.example.com:5000/charts',
    organization: 'acme',
  }),
  identityProvider: object(identityProviderKind, 'company-sso', {
    displayName: 'Company SSO',
    issuer: 'https://login.example.com/realms/staff',
    clientId: 'nimbus',
    groupMappings: [{ group: 'platform', organization: 'acme', userGroup: 'sre' }],
  }),
};

type Sample = (typeof valid)[keyof typeof valid];

function withSpec(sample: Sample, patch: Record<string, unknown>) {
  return { ...sample, spec: { ...sample.spec, ...patch } };
}

function messages(kind: KindDefinition, value: unknown): string[] {
  const result = kind.schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('kind schemas', () => {
  it.each([
    [organizationKind, valid.organization],
    [userKind, valid.user],
    [userGroupKind, valid.userGroup],
    [roleKind, valid.role],
    [sessionKind, valid.session],
    [clusterKind, valid.cluster],
    [registryKind, valid.registry],
    [favouriteKind, valid.favourite],
    [alarmSilenceKind, valid.alarmSilence],
    [dashboardCategoryKind, valid.dashboardCategory],
    [dashboardKind, valid.dashboard],
    [alarmReceiverKind, valid.alarmReceiver],
    [alarmRuleKind, valid.alarmRule],
    [chartSourceKind, valid.chartSource],
    [identityProviderKind, valid.identityProvider],
  ])('accepts a valid %s', (kind, sample) => {
    expect(messages(kind, sample)).toEqual([]);
  });

  it('covers every kind with a valid sample', () => {
    expect(allKinds).toHaveLength(Object.keys(valid).length);
  });

  it('defaults identity provider scopes and claims, and refuses scopes without openid', () => {
    const provider = identityProviderKind.schema.parse(valid.identityProvider);
    expect(provider.spec.scopes).toEqual(['openid', 'profile', 'email']);
    expect(provider.spec.claims.userName).toBe('preferred_username');
    expect(provider.spec.enabled).toBe(true);
    expect(
      messages(identityProviderKind, withSpec(valid.identityProvider, { scopes: ['email'] })),
    ).toEqual([expect.stringContaining('scopes must include openid')]);
  });

  it('applies defaults: Allow effect, not admin, MFA off', () => {
    const user = userKind.schema.parse(valid.user);
    expect(user.spec.sysAdmin).toBe(false);
    expect(user.spec.mfaEnabled).toBe(false);
    expect(user.spec.clusterPermissions?.[0]?.effect).toBe('Allow');
  });

  it.each(['Acme', 'acme_corp', '-acme', 'acme-', 'a'.repeat(64), 'acme.corp'])(
    'rejects the resource name %s',
    (name) => {
      expect(messages(organizationKind, { ...valid.organization, metadata: { name } })).toEqual([
        expect.stringContaining('metadata.name must consist of lowercase letters'),
      ]);
    },
  );

  it('allows dots in user names but not upper case', () => {
    expect(messages(userKind, { ...valid.user, metadata: { name: 'jane.doe-2' } })).toEqual([]);
    expect(messages(userKind, { ...valid.user, metadata: { name: 'Jane' } })).toEqual([
      expect.stringContaining('metadata.name must consist of lowercase letters'),
    ]);
  });

  it.each(['cnName', 'contact', 'email'])('requires organization %s', (field) => {
    const spec = Object.fromEntries(
      Object.entries(valid.organization.spec).filter(([key]) => key !== field),
    );
    expect(messages(organizationKind, { ...valid.organization, spec })).toHaveLength(1);
  });

  it.each(['jane', 'jane@', 'jane@localhost', 'Jane Doe <jane@example.com>'])(
    'rejects the email %s',
    (email) => {
      expect(messages(userKind, withSpec(valid.user, { email }))).toHaveLength(1);
    },
  );

  it('rejects unknown effects and providers', () => {
    const effect = withSpec(valid.user, {
      clusterPermissions: [{ cluster: 'prod-eks', role: 'developer', effect: 'allow' }],
    });
    expect(messages(userKind, effect)).toHaveLength(1);
    expect(
      messages(clusterKind, withSpec(valid.cluster, { provider: 'ProviderAzure' })),
    ).toHaveLength(1);
  });

  it('requires name and the one spelling Allow/Deny of effect on role permissions', () => {
    const missing = withSpec(valid.role, { permissions: [{ effect: 'Allow' }] });
    const lower = withSpec(valid.role, { permissions: [{ name: 'x', effect: 'allow' }] });
    expect(messages(roleKind, missing)).toHaveLength(1);
    expect(messages(roleKind, lower)).toHaveLength(1);
  });

  it('reads roles stored with the older allow/deny spelling as Allow/Deny', () => {
    const legacy = withSpec(valid.role, {
      permissions: [
        { name: 'x', effect: 'allow' },
        { name: 'y', effect: 'deny' },
      ],
    });
    const parsed = parseStored(roleKind, legacy);
    expect(parsed.success && parsed.data.spec.permissions).toEqual([
      { name: 'x', effect: 'Allow' },
      { name: 'y', effect: 'Deny' },
    ]);
  });

  it('refuses duplicate keys in list maps and sets', () => {
    const twice = [
      { cluster: 'prod-eks', role: 'a' },
      { cluster: 'prod-eks', role: 'b' },
    ];
    expect(messages(userKind, withSpec(valid.user, { clusterPermissions: twice }))).toEqual([
      'spec.clusterPermissions: entries must have distinct cluster values',
    ]);
    expect(messages(userGroupKind, withSpec(valid.userGroup, { members: ['bob', 'bob'] }))).toEqual(
      ['spec.members: entries must be distinct'],
    );
  });

  it('takes credentials only as Secret references', () => {
    const inline = withSpec(valid.cluster, {
      credentialsSecretRef: { kubeconfig: 'apiVersion: v1' },
    });
    expect(messages(clusterKind, inline)).toHaveLength(2);
    expect(clusterKind.schema.parse(valid.cluster).spec).not.toHaveProperty('kubeconfig');
  });

  it('refuses non-http monitor addresses', () => {
    const ftp = withSpec(valid.cluster, {
      monitors: [{ type: 'Prometheus', address: 'ftp://prom', enabled: true }],
    });
    expect(messages(clusterKind, ftp).length).toBeGreaterThan(0);
  });

  it('refuses two monitors of one type', () => {
    const twice = withSpec(valid.cluster, {
      monitors: [
        { type: 'Prometheus', address: 'http://a:9090', enabled: true },
        { type: 'Prometheus', address: 'http://b:9090', enabled: false },
      ],
    });
    expect(messages(clusterKind, twice)).toEqual([
      'spec.monitors: entries must have distinct type values',
    ]);
  });

  it('refuses a silence that ends before it starts', () => {
    const backwards = withSpec(valid.alarmSilence, {
      startsAt: '2030-01-02T00:00:00Z',
      endsAt: '2030-01-01T00:00:00Z',
    });
    expect(messages(alarmSilenceKind, backwards)).toEqual([
      "spec.endsAt: Start time couldn't later than end time",
    ]);
  });

  it('needs at least one silence matcher', () => {
    expect(messages(alarmSilenceKind, withSpec(valid.alarmSilence, { matchers: [] }))).toHaveLength(
      1,
    );
  });
});
