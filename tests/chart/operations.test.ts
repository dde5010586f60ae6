// The chart's day-2 options: the PrometheusRule (checked and unit-tested with promtool, from
// Debian's prometheus package), the Grafana dashboard, the operator's own CRDs, tracing, and
// the pod options anchors of other charts have (extra volumes, envFrom, init and extra
// containers, a global image registry, an emptyDir mode, the PodDisruptionBudget).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { chart, only, operatorEnv, podSpecOf, render, template, type Manifest } from './render.js';

type Rule = { alert: string; expr: string; for?: string; labels?: Record<string, string> };
type PrometheusRule = Manifest & { spec: { groups: { name: string; rules: Rule[] }[] } };

function promtool(args: string[]) {
  const result = spawnSync('promtool', args, { encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

/**
 * The PrometheusRule's groups as a plain Prometheus rules file, as promtool reads one. For
 * `promtool test rules` the annotations go (it would compare their expanded text; `check rules`
 * validates their templates).
 */
function rulesFile(args: string[] = [], { annotations = true } = {}): string {
  const rule = only(
    render(['--set', 'prometheusRule.enabled=true', ...args]),
    'PrometheusRule',
  ) as PrometheusRule;
  const groups = rule.spec.groups.map((group) => ({
    ...group,
    rules: group.rules.map((r) => (annotations ? r : { ...r, annotations: undefined })),
  }));
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-rules-'));
  const file = join(dir, 'nimbus.rules.yaml');
  writeFileSync(file, stringify({ groups }));
  return file;
}

const series = (name: string, labels: Record<string, string> = {}) =>
  `${name}{${Object.entries({ job: 'nimbus-metrics', namespace: 'nimbus-system', ...labels })
    .map(([key, value]) => `${key}="${value}"`)
    .join(',')}}`;

describe('alerts (prometheusRule)', () => {
  it('renders nothing unless enabled', () => {
    expect(render().filter((m) => m.kind === 'PrometheusRule')).toEqual([]);
  });

  it('passes promtool check rules, with every alert the operator needs', () => {
    const file = rulesFile();
    const checked = promtool(['check', 'rules', file]);
    expect(checked.output).toContain('SUCCESS');
    expect(checked.status).toBe(0);
    const rule = only(
      render(['--set', 'prometheusRule.enabled=true']),
      'PrometheusRule',
    ) as PrometheusRule;
    const alerts = rule.spec.groups.flatMap((group) => group.rules.map((r) => r.alert));
    expect(alerts.sort()).toEqual(
      [
        'NimbusAuditRecordsDropped',
        'NimbusClusterNotReady',
        'NimbusIndexLagging',
        'NimbusIndexNotSynced',
        'NimbusMemberCredentialExpiring',
        'NimbusMemberCredentialNotRenewed',
        'NimbusNoLeader',
        'NimbusOperatorDown',
        'NimbusReconcileErrors',
      ].sort(),
    );
  });

  it('fires each alert on the series that mean it, and only after its wait (promtool test rules)', () => {
    const file = rulesFile(['--set', 'prometheusRule.additionalAlertLabels.team=platform'], {
      annotations: false,
    });
    const expected = (alertname: string, labels: Record<string, string>) => ({
      exp_labels: { alertname, team: 'platform', ...labels },
    });
    const tests = {
      rule_files: [file],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: [
            { series: series('up', { pod: 'nimbus-0' }), values: '0x20' },
            { series: series('nimbus_leader', { pod: 'nimbus-0', lease: 'l' }), values: '0x20' },
            { series: series('nimbus_cluster_ready', { cluster: 'east' }), values: '0x20' },
            { series: series('nimbus_cluster_ready', { cluster: 'west' }), values: '1x20' },
            {
              series: series('nimbus_audit_records_dropped_total', { pod: 'nimbus-0' }),
              values: '0 0 0 5 5 5',
            },
            {
              series: series('nimbus_member_credential_expiry_timestamp_seconds', {
                cluster: 'east',
                renewal: 'manual',
              }),
              // Epoch 0 + 3 days: within the default 14 days from the start of the test.
              values: '259200x20',
            },
            // Renewed by Nimbus: 3 days away is no one's concern (west); 10 minutes from the
            // start and never renewed (north) is, once it stays within 5 minutes for 10 minutes.
            {
              series: series('nimbus_member_credential_expiry_timestamp_seconds', {
                cluster: 'west',
                renewal: 'automatic',
              }),
              values: '259200x20',
            },
            {
              series: series('nimbus_member_credential_expiry_timestamp_seconds', {
                cluster: 'north',
                renewal: 'automatic',
              }),
              values: '600x20',
            },
            {
              series: series('nimbus_index_synced', { cluster: 'east', kind: 'Pod' }),
              values: '0x20',
            },
            // 12 failures a minute (0.2/s) in one controller, 3 a minute in another (under the
            // one in 10 s the alert allows).
            {
              series: series('nimbus_controller_reconcile_errors_total', {
                pod: 'nimbus-0',
                controller: 'member-health',
              }),
              values: '0+12x30',
            },
            {
              series: series('nimbus_controller_reconcile_errors_total', {
                pod: 'nimbus-0',
                controller: 'rbac',
              }),
              values: '0+3x30',
            },
            // east/Pod heard its last event at 1m; east/Node hears one every minute; west/Pod
            // never heard one (0: not lagging, NimbusIndexNotSynced's case).
            {
              series: series('nimbus_index_last_event_timestamp_seconds', {
                cluster: 'east',
                kind: 'Pod',
              }),
              values: '60x20',
            },
            {
              series: series('nimbus_index_last_event_timestamp_seconds', {
                cluster: 'east',
                kind: 'Node',
              }),
              values: '0+60x20',
            },
            {
              series: series('nimbus_index_last_event_timestamp_seconds', {
                cluster: 'west',
                kind: 'Pod',
              }),
              values: '0x20',
            },
          ],
          alert_rule_test: [
            { eval_time: '4m', alertname: 'NimbusClusterNotReady', exp_alerts: [] },
            {
              eval_time: '6m',
              alertname: 'NimbusClusterNotReady',
              exp_alerts: [
                expected('NimbusClusterNotReady', { severity: 'warning', cluster: 'east' }),
              ],
            },
            {
              eval_time: '6m',
              alertname: 'NimbusOperatorDown',
              exp_alerts: [expected('NimbusOperatorDown', { severity: 'critical' })],
            },
            {
              eval_time: '3m',
              alertname: 'NimbusNoLeader',
              exp_alerts: [expected('NimbusNoLeader', { severity: 'critical' })],
            },
            {
              eval_time: '4m',
              alertname: 'NimbusAuditRecordsDropped',
              exp_alerts: [expected('NimbusAuditRecordsDropped', { severity: 'critical' })],
            },
            {
              eval_time: '1m',
              alertname: 'NimbusMemberCredentialExpiring',
              exp_alerts: [
                expected('NimbusMemberCredentialExpiring', {
                  severity: 'warning',
                  cluster: 'east',
                }),
              ],
            },
            // Within 5 minutes of its expiry from 6m (600 s - 360 s < 300 s), firing 10 minutes on.
            { eval_time: '15m', alertname: 'NimbusMemberCredentialNotRenewed', exp_alerts: [] },
            {
              eval_time: '16m',
              alertname: 'NimbusMemberCredentialNotRenewed',
              exp_alerts: [
                expected('NimbusMemberCredentialNotRenewed', {
                  severity: 'warning',
                  cluster: 'north',
                }),
              ],
            },
            {
              eval_time: '11m',
              alertname: 'NimbusIndexNotSynced',
              exp_alerts: [
                expected('NimbusIndexNotSynced', {
                  severity: 'warning',
                  cluster: 'east',
                  kind: 'Pod',
                }),
              ],
            },
            // The 10-minute rate exceeds 0.1/s from about 6m (the first minutes extrapolate
            // from a counter at 0); the alert fires 15 minutes on, at 21m.
            { eval_time: '19m', alertname: 'NimbusReconcileErrors', exp_alerts: [] },
            {
              eval_time: '22m',
              alertname: 'NimbusReconcileErrors',
              exp_alerts: [
                expected('NimbusReconcileErrors', {
                  severity: 'warning',
                  controller: 'member-health',
                }),
              ],
            },
            // More than 10 minutes without an event from 12m on, firing 5 minutes later.
            { eval_time: '16m', alertname: 'NimbusIndexLagging', exp_alerts: [] },
            {
              eval_time: '17m',
              alertname: 'NimbusIndexLagging',
              exp_alerts: [
                expected('NimbusIndexLagging', {
                  severity: 'warning',
                  cluster: 'east',
                  kind: 'Pod',
                }),
              ],
            },
          ],
        },
      ],
    };
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-rules-test-'));
    writeFileSync(join(dir, 'test.yaml'), stringify(tests));
    const result = promtool(['test', 'rules', join(dir, 'test.yaml')]);
    expect(result.output).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });
});

describe('the Grafana dashboard (grafanaDashboard)', () => {
  it('is a ConfigMap the sidecar finds by its label, holding a dashboard of the operator’s series', () => {
    const manifests = render(['--set', 'grafanaDashboard.enabled=true']);
    const map = only(manifests, 'ConfigMap', 'nimbus-grafana-dashboard') as Manifest & {
      data: Record<string, string>;
    };
    expect(map.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    const dashboard = JSON.parse(map.data['nimbus-operator.json'] ?? '{}') as {
      uid: string;
      panels: { targets: { expr: string }[] }[];
    };
    expect(dashboard.uid).toBe('nimbus-operator');
    const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((t) => t.expr)).join('\n');
    for (const name of [
      'nimbus_controller_reconcile_total',
      'nimbus_workqueue_depth',
      'nimbus_leader',
      'nimbus_cluster_ready',
      'nimbus_member_request_duration_seconds_bucket',
      'nimbus_signin_failures_total',
    ]) {
      expect(exprs).toContain(name);
    }
    expect(render().some((m) => m.metadata.name === 'nimbus-grafana-dashboard')).toBe(false);
  });
});

describe('the operator’s own CRDs (crds.manage)', () => {
  type Rule = {
    apiGroups: string[];
    resources: string[];
    verbs: string[];
    resourceNames?: string[];
  };
  const crdRule = (manifests: Manifest[]) =>
    (only(manifests, 'ClusterRole') as Manifest & { rules: Rule[] }).rules.find((rule) =>
      rule.apiGroups.includes('apiextensions.k8s.io'),
    );

  it('lets the operator read and patch exactly the chart’s CRDs, and says so in its environment', () => {
    const manifests = render();
    const files = readdirSync(join(chart, 'crds')).filter((file) => file.endsWith('.yaml'));
    expect(crdRule(manifests)).toEqual({
      apiGroups: ['apiextensions.k8s.io'],
      resources: ['customresourcedefinitions'],
      verbs: ['get', 'patch'],
      resourceNames: files.map(
        (file) => `${file.slice('nimbus.io_'.length, -'.yaml'.length)}.nimbus.io`,
      ),
    });
    expect(operatorEnv(manifests).NIMBUS_MANAGE_CRDS).toBe('true');
  });

  it('grants nothing on CRDs when turned off', () => {
    const manifests = render(['--set', 'crds.manage=false']);
    expect(crdRule(manifests)).toBeUndefined();
    expect(operatorEnv(manifests).NIMBUS_MANAGE_CRDS).toBe('false');
  });
});

describe('pod options', () => {
  it('turns tracing on with the standard OpenTelemetry variables only when an endpoint is set', () => {
    expect(operatorEnv(render()).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    const env = operatorEnv(
      render(['--set', 'tracing.otlpEndpoint=http://otel-collector.observability:4318']),
    );
    expect(env).toMatchObject({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector.observability:4318',
      OTEL_SERVICE_NAME: 'nimbus-operator',
    });
  });

  it('adds extra volumes and mounts, envFrom, init and sidecar containers', () => {
    const manifests = render([
      '--set',
      'extraVolumes[0].name=plugins',
      '--set',
      'extraVolumes[0].emptyDir.medium=Memory',
      '--set',
      'extraVolumeMounts[0].name=plugins',
      '--set',
      'extraVolumeMounts[0].mountPath=/plugins',
      '--set',
      'envFrom[0].secretRef.name=otel-headers',
      '--set',
      'initContainers[0].name=wait',
      '--set',
      'initContainers[0].image=busybox:1.37',
      '--set',
      'extraContainers[0].name=proxy',
      '--set',
      'extraContainers[0].image=envoy:1.34',
    ]);
    const pod = podSpecOf(manifests) as ReturnType<typeof podSpecOf> & {
      initContainers?: { name: string }[];
      containers: { name: string; envFrom?: unknown[] }[];
    };
    expect(pod.volumes).toContainEqual({ name: 'plugins', emptyDir: { medium: 'Memory' } });
    expect(pod.containers[0]?.volumeMounts).toContainEqual({
      name: 'plugins',
      mountPath: '/plugins',
    });
    expect(pod.containers[0]?.envFrom).toEqual([{ secretRef: { name: 'otel-headers' } }]);
    expect(pod.initContainers?.map((c) => c.name)).toEqual(['wait']);
    expect(pod.containers.map((c) => c.name)).toEqual(['operator', 'proxy']);
  });

  it('takes images from global.imageRegistry, replacing the registry host of the repository', () => {
    const image = (args: string[]) => podSpecOf(render(args)).containers[0] as { image?: string };
    expect(image(['--set', 'global.imageRegistry=mirror.example.com']).image).toBe(
      'mirror.example.com/nimbus-io/nimbus:0.2.0',
    );
    expect(
      image([
        '--set',
        'global.imageRegistry=mirror.example.com:5000/cache',
        '--set',
        'image.repository=nimbus',
        '--set',
        `image.digest=sha256:${'a'.repeat(64)}`,
      ]).image,
    ).toBe(`mirror.example.com:5000/cache/nimbus@sha256:${'a'.repeat(64)}`);
  });

  it('uses an emptyDir instead of a claim where no StorageClass can provide one', () => {
    const manifests = render(['--set', 'audit.persistent=false', '--set', 'audit.storageSize=4Gi']);
    const statefulSet = only(manifests, 'StatefulSet') as Manifest & {
      spec: { volumeClaimTemplates?: unknown[] };
    };
    expect(statefulSet.spec.volumeClaimTemplates).toBeUndefined();
    expect(podSpecOf(manifests).volumes).toContainEqual({
      name: 'data',
      emptyDir: { sizeLimit: '4Gi' },
    });
    expect(
      (only(render(), 'StatefulSet') as typeof statefulSet).spec.volumeClaimTemplates,
    ).toHaveLength(1);
  });

  it('has a PodDisruptionBudget from two replicas on, none at one (it would block every drain)', () => {
    expect(render().filter((m) => m.kind === 'PodDisruptionBudget')).toEqual([]);
    const budget = only(render(['--set', 'replicaCount=2']), 'PodDisruptionBudget') as Manifest & {
      spec: { minAvailable: number };
    };
    expect(budget.spec.minAvailable).toBe(1);
    expect(
      render(['--set', 'replicaCount=2', '--set', 'podDisruptionBudget.enabled=false']).filter(
        (m) => m.kind === 'PodDisruptionBudget',
      ),
    ).toEqual([]);
  });

  it('asks for the memory the benches measured, with headroom over a million objects', () => {
    const container = podSpecOf(render()).containers[0] as {
      resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
    };
    expect(container.resources).toEqual({
      requests: { cpu: '250m', memory: '512Mi' },
      limits: { memory: '1Gi' },
    });
  });

  // Ten renders: helm template takes seconds each on a loaded machine.
  it('validates the new values against the schema', { timeout: 300_000 }, () => {
    for (const bad of [
      'extraVolumeMounts[0].name=x',
      'initContainers[0].name=no-image',
      'envFrom[0].bogus=1',
      'global.imageRegistry=https://mirror.example.com',
      'crds.manage=sometimes',
      'tracing.otlpEndpoint=otel:4318',
      'prometheusRule.certificateExpiryDays=0',
      'grafanaDashboard.namespace=Not_A_Namespace',
      'resources.limits.memory=lots',
      'audit.persistent=no',
    ]) {
      const result = template(['--set', bad]);
      expect(result.status, bad).not.toBe(0);
      expect(result.stderr, bad).toContain("values don't meet the specifications of the schema");
    }
  });
});
