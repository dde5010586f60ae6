// The chart as a real install renders it: helm template with the options docs/install.md describes,
// checked object by object, and the result dry-run against the test-bed hub's real API server
// (schema, admission and defaulting of every object, the helm test Pod included).
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseConfig } from '../../operator/src/config.js';
import {
  env,
  namespace,
  only,
  operatorEnv,
  podSpecOf,
  realInstall,
  render,
  run,
  template,
  type Container,
  type Manifest,
  type PodSpec,
} from './render.js';

describe('default render', () => {
  const manifests = render();

  it('leaves the session key to the operator: no Secret, no mount, nothing random', () => {
    expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
    const variables = operatorEnv(manifests);
    expect(variables).toMatchObject({
      NIMBUS_SESSION_KEY_SECRET: 'nimbus-session-key',
      NIMBUS_SESSION_KEY_SECRET_KEY: 'signing-key',
      NIMBUS_INITIAL_ADMIN_SECRET: 'nimbus-initial-admin',
    });
    expect(variables).not.toHaveProperty('NIMBUS_SESSION_KEY_FILE');
    expect(podSpecOf(manifests).volumes?.map((volume) => volume.name)).not.toContain('session-key');
    // GitOps renders again and again: the output must not change between renders.
    expect(template([]).stdout).toBe(template([]).stdout);
  });

  it("hands session, stream and registration limits to the operator in the operator's own syntax", () => {
    const variables = operatorEnv(manifests);
    expect(variables).toMatchObject({
      NIMBUS_SESSION_TTL: '12h',
      NIMBUS_STREAM_MAX_LIFETIME: '4h',
      NIMBUS_REGISTRATIONS_PER_ADDRESS: '20',
    });
    const config = parseConfig({ ...variables, NIMBUS_HOST: 'nimbus.example.com' });
    expect(config.streamMaxLifetimeSeconds).toBe(4 * 3600);
    expect(config.registrationsPerAddress).toBe(20);
    const raised = operatorEnv(
      render(['--set', 'registrations.perAddress=500', '--set', 'sessions.streamMaxLifetime=30m']),
    );
    expect(raised.NIMBUS_REGISTRATIONS_PER_ADDRESS).toBe('500');
    expect(
      parseConfig({ ...raised, NIMBUS_HOST: 'nimbus.example.com' }).streamMaxLifetimeSeconds,
    ).toBe(1800);
  });

  it("hands the helm path, the alarm interval, the leader's Lease and the registry vendors' endpoints to the operator", () => {
    const variables = operatorEnv(manifests);
    expect(variables).toMatchObject({
      NIMBUS_HELM_PATH: '/usr/local/bin/helm',
      NIMBUS_ALARM_INTERVAL_MS: '15000',
      NIMBUS_LEADER_LEASE_SECONDS: '15',
      NIMBUS_LEADER_RENEW_DEADLINE_SECONDS: '10',
    });
    expect(variables).not.toHaveProperty('NIMBUS_ECR_ENDPOINT');
    expect(variables).not.toHaveProperty('NIMBUS_DOCKERHUB_ENDPOINT');
    const set = operatorEnv(
      render([
        '--set',
        'appStore.helmPath=/opt/helm/bin/helm',
        '--set',
        'alarms.intervalMs=60000',
        '--set',
        'vendorEndpoints.ecr=https://ecr-proxy.{region}.example.com',
        '--set',
        'vendorEndpoints.dockerHub=https://hub-mirror.example.com',
        '--set',
        'leaderElection.leaseSeconds=60',
        '--set',
        'leaderElection.renewDeadlineSeconds=40',
      ]),
    );
    const config = parseConfig({ ...set, NIMBUS_HOST: 'nimbus.example.com' });
    expect(config.helmPath).toBe('/opt/helm/bin/helm');
    expect(config.alarmIntervalMs).toBe(60_000);
    expect(config.leaderElection).toEqual({ leaseDurationMs: 60_000, renewDeadlineMs: 40_000 });
    expect(config.vendorEndpoints).toMatchObject({
      ecr: 'https://ecr-proxy.{region}.example.com',
      dockerHub: 'https://hub-mirror.example.com',
    });
  });

  it('renders the audit policy into a ConfigMap the operator reads, and restarts pods on a change', () => {
    const configMap = only(manifests, 'ConfigMap', 'nimbus-audit-policy') as Manifest & {
      data: Record<string, string>;
    };
    const policy = parseAllDocuments(configMap.data['policy.yaml'] ?? '')[0]?.toJS() as {
      kind: string;
      rules: { level: string }[];
    };
    expect(policy.kind).toBe('AuditPolicy');
    expect(policy.rules.map((rule) => rule.level)).toEqual([
      'Metadata',
      'Request',
      'Metadata',
      'Metadata',
      'None',
    ]);
    expect(operatorEnv(manifests)).toMatchObject({
      NIMBUS_AUDIT_POLICY_FILE: '/etc/nimbus/audit/policy.yaml',
      NIMBUS_AUDIT_MAX_BYTES: '8Gi',
      NIMBUS_AUDIT_PRUNE_INTERVAL: '1h',
    });
    expect(operatorEnv(manifests)).not.toHaveProperty('NIMBUS_AUDIT_WEBHOOK_URL');
    expect(podSpecOf(manifests).containers[0]?.volumeMounts).toContainEqual({
      name: 'audit-policy',
      mountPath: '/etc/nimbus/audit',
      readOnly: true,
    });
    const changed = render(['--set', 'audit.policy.rules[0].level=Request']);
    const checksum = (rendered: Manifest[]) =>
      (
        only(rendered, 'StatefulSet') as Manifest & {
          spec: { template: { metadata: { annotations?: Record<string, string> } } };
        }
      ).spec.template.metadata.annotations?.['checksum/audit-policy'];
    expect(checksum(manifests)).toMatch(/^[0-9a-f]{64}$/);
    expect(checksum(changed)).not.toBe(checksum(manifests));
  });

  it('spreads replicas over zones with the chart pod selector filled in', () => {
    expect(podSpecOf(manifests).topologySpreadConstraints).toEqual([
      {
        maxSkew: 1,
        topologyKey: 'topology.kubernetes.io/zone',
        whenUnsatisfiable: 'ScheduleAnyway',
        labelSelector: {
          matchLabels: {
            'app.kubernetes.io/name': 'nimbus',
            'app.kubernetes.io/instance': 'nimbus',
          },
        },
      },
    ]);
  });

  it('has a helm test hook Pod running the Nimbus image, non-root with a read-only root', () => {
    const pod = only(manifests, 'Pod') as Manifest & { spec: PodSpec };
    expect(pod.metadata.annotations?.['helm.sh/hook']).toBe('test');
    // Never mistaken for a replica by the Services, the PodDisruptionBudget or the policy.
    const selector = (
      only(manifests, 'StatefulSet') as Manifest & {
        spec: { selector: { matchLabels: Record<string, string> } };
      }
    ).spec.selector.matchLabels;
    const matchesSelector = Object.entries(selector).every(
      ([key, value]) => pod.metadata.labels?.[key] === value,
    );
    expect(matchesSelector).toBe(false);
    const statefulSetImage = (podSpecOf(manifests).containers[0] as Container & { image: string })
      .image;
    const check = pod.spec.containers[0] as Container & { image: string };
    expect(check.image).toBe(statefulSetImage);
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 65532 });
    expect(check.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
    });
    const script = check.command?.join(' ') ?? '';
    expect(script).toContain("get('/readyz')");
    expect(script).toContain("get('/api/v1/version')");
    // Without cluster DNS the Service's address comes from the service-link variable.
    expect(pod.spec.enableServiceLinks).toBe(true);
    expect(check.env).toContainEqual({
      name: 'NIMBUS_TEST_HOST_VARIABLE',
      value: 'NIMBUS_SERVICE_HOST',
    });
  });

  it('publishes nothing beyond the ClusterIP Service', () => {
    for (const kind of ['Ingress', 'HTTPRoute', 'NetworkPolicy']) {
      expect(manifests.filter((m) => m.kind === kind)).toEqual([]);
    }
    // The one ConfigMap is the audit policy.
    const configMaps = manifests.filter((m) => m.kind === 'ConfigMap');
    expect(configMaps.map((m) => m.metadata.name)).toEqual(['nimbus-audit-policy']);
  });
});

describe('a real install (tests/chart/real-install.values.yaml)', () => {
  const manifests = render(['--values', realInstall]);

  it('runs two replicas behind an Ingress with TLS and trusts one proxy hop', () => {
    expect(
      (only(manifests, 'StatefulSet') as Manifest & { spec: { replicas: number } }).spec.replicas,
    ).toBe(2);
    expect(only(manifests, 'PodDisruptionBudget')).toBeDefined();
    const ingress = only(manifests, 'Ingress') as Manifest & { spec: Record<string, unknown> };
    expect(ingress.spec).toMatchObject({
      ingressClassName: 'nginx',
      tls: [{ secretName: 'nimbus-tls', hosts: ['nimbus.example.com'] }],
      rules: [
        {
          host: 'nimbus.example.com',
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: 'nimbus', port: { name: 'http' } } },
              },
            ],
          },
        },
      ],
    });
    expect(operatorEnv(manifests).NIMBUS_TRUST_PROXY).toBe('1');
  });

  it('trusts the extra CA bundle through NODE_EXTRA_CA_CERTS and restarts pods when it changes', () => {
    const configMap = only(manifests, 'ConfigMap', 'nimbus-extra-ca') as Manifest & {
      data: Record<string, string>;
    };
    expect(configMap.data['ca.crt']).toContain('-----BEGIN CERTIFICATE-----');
    expect(operatorEnv(manifests).NODE_EXTRA_CA_CERTS).toBe('/etc/nimbus/extra-ca/ca.crt');
    const spec = podSpecOf(manifests);
    expect(spec.volumes).toContainEqual({
      name: 'extra-ca',
      configMap: { name: 'nimbus-extra-ca', items: [{ key: 'ca.crt', path: 'ca.crt' }] },
    });
    expect(spec.containers[0]?.volumeMounts).toContainEqual({
      name: 'extra-ca',
      mountPath: '/etc/nimbus/extra-ca',
      readOnly: true,
    });
    const statefulSet = only(manifests, 'StatefulSet') as Manifest & {
      spec: { template: { metadata: { annotations?: Record<string, string> } } };
    };
    expect(statefulSet.spec.template.metadata.annotations?.['checksum/extra-ca']).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });

  it('limits the HTTP port to the ingress controller, replicas and client pods, metrics to monitoring', () => {
    const policy = only(manifests, 'NetworkPolicy') as Manifest & {
      spec: { ingress: unknown[]; egress: unknown[]; policyTypes: string[] };
    };
    const selector = { 'app.kubernetes.io/name': 'nimbus', 'app.kubernetes.io/instance': 'nimbus' };
    expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy.spec.ingress).toEqual([
      {
        ports: [{ port: 'http', protocol: 'TCP' }],
        from: [
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } },
          },
        ],
      },
      {
        ports: [{ port: 'http', protocol: 'TCP' }],
        from: [
          { podSelector: { matchLabels: selector } },
          { podSelector: { matchLabels: { 'nimbus.io/client': 'true' } } },
        ],
      },
      {
        ports: [{ port: 'metrics', protocol: 'TCP' }],
        from: [
          { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
        ],
      },
    ]);
    expect(policy.spec.egress).toContainEqual({
      to: [{ podSelector: { matchLabels: selector } }],
      ports: [{ port: 'http', protocol: 'TCP' }],
    });
    expect(policy.spec.egress).toHaveLength(3);
    // The helm test Pod carries the client label, so the policy lets it through.
    const testPod = only(manifests, 'Pod');
    expect(testPod.metadata.labels?.['nimbus.io/client']).toBe('true');
  });

  it('is accepted by the hub API server (server-side dry run of every object, hooks included)', () => {
    const rendered = template(['--values', realInstall]).stdout;
    const result = run(
      'kubectl',
      [
        '--kubeconfig',
        env('NIMBUS_HUB_KUBECONFIG'),
        'apply',
        '--dry-run=server',
        '-n',
        namespace,
        '-f',
        '-',
      ],
      rendered,
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    for (const kind of [
      'statefulset',
      'ingress',
      'networkpolicy',
      'configmap',
      'pod',
      'poddisruptionbudget',
    ]) {
      expect(result.stdout).toMatch(
        new RegExp(`^${kind}(\\.\\S+)?/\\S+ created \\(server dry run\\)$`, 'm'),
      );
    }
  });
});
