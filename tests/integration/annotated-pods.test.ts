// The metric-template annotations, end to end on the test bed: a pod annotated through the
// annotations API with the black-box probe set is probed by member-a's Prometheus through the
// blackbox exporter, one with the white-box metric set is scraped (hack/testbed/kube-state.mjs
// discovers them), and the results are read back through the metrics API as the caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import {
  atCluster,
  locationOf,
  memberAllows,
  memberLetsReadPrometheus,
  onMember,
  region,
  registerMember,
  unregisterMember,
} from '../support/members.js';

const suffix = `ann${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const probed = `probed-${suffix}`;
const scraped = `scraped-${suffix}`;
// What the console's template buttons add (console/src/resources/metricTemplates.ts).
const probeSet = {
  'prometheus.io/http-probe': 'true',
  'prometheus.io/port': '8080',
  'prometheus.io/path': '/probe',
};
const metricSet = {
  'prometheus.io/http-metric': 'true',
  'prometheus.io/scheme': 'http',
  'prometheus.io/port': '8080',
  'prometheus.io/path': '/metrics',
};

let root: Session;

interface Series {
  labels: Record<string, string>;
  points: Array<[number, number | null]>;
}

const podManifest = (name: string) =>
  JSON.stringify({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'demo' },
    spec: { containers: [{ name: 'app', image: 'example.com/app:1' }] },
  });

/** The samples of an instant PromQL query on the cluster's Prometheus, through proxy/metrics. */
async function samplesOf(query: string): Promise<Series[]> {
  const path = `${locationOf(cluster)}/proxy/metrics?query=${encodeURIComponent(query)}`;
  return expectOk(await api<{ series: Series[] }>('GET', 'monitor', path, { token: root.token }))
    .series;
}

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'annotated',
      contact: 'Ops',
      email: 'ops@annotated.example',
    }),
  );
  // Both tests act on the member as root at once: wait until its RBAC has reached the member,
  // the pods (annotations) and the Prometheus service proxy (metrics) alike.
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  await memberAllows('member-a', root.userName, 'patch', 'pods');
  await memberLetsReadPrometheus('member-a', root.userName);
  for (const name of [probed, scraped])
    onMember('member-a', ['apply', '-f', '-'], podManifest(name));
  // kwok gives the pods an IP once they run; discovery needs it.
  await eventually(
    () =>
      onMember('member-a', [
        'get',
        'pod',
        probed,
        scraped,
        '-n',
        'demo',
        '-o',
        'jsonpath={.items[*].status.podIP}',
      ]).stdout,
    (ips) => ips.trim().split(/\s+/).length === 2,
  );
}, 120_000);

afterAll(async () => {
  onMember('member-a', [
    'delete',
    'pod',
    probed,
    scraped,
    '-n',
    'demo',
    '--ignore-not-found',
    '--wait=false',
  ]);
  if (root) await unregisterMember(root, cluster, org);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

/** Sets the pod's annotations through the API, once the health probe found the member ready. */
const annotate = async (name: string, annotations: Record<string, string>) => {
  const body = {
    vendor: 'ProviderKubeconfig',
    region,
    cluster,
    type: 'pods',
    namespace: 'demo',
    name,
  };
  const response = await eventually(
    () =>
      atCluster(root, 'crd', 'PUT', cluster, '/resources/annotations', {
        body: { ...body, annotations },
      }),
    (answer) => answer.body.code !== 2001,
    60_000,
  );
  expectOk(response);
};

describe('pods annotated with the metric templates', () => {
  it('are probed through the blackbox exporter at their address, port and path', async () => {
    const query = `probe_success{job="annotated-probe",namespace="demo",pod="${probed}"}`;
    expect(await samplesOf(query)).toEqual([]);
    await annotate(probed, probeSet);
    const ip = onMember('member-a', [
      'get',
      'pod',
      probed,
      '-n',
      'demo',
      '-o',
      'jsonpath={.status.podIP}',
    ]).stdout.trim();
    const samples = await eventually(
      () => samplesOf(query),
      (found) => found.length === 1,
      90_000,
    );
    // Nothing listens in a kwok pod: the probe runs and fails.
    expect(samples[0]?.labels.instance).toBe(`http://${ip}:8080/probe`);
    expect(samples[0]?.points[0]?.[1]).toBe(0);
  });

  it('are scraped as white-box targets, and the probe set alone does not make a scrape target', async () => {
    const query = `up{job="annotated-metrics",namespace="demo"}`;
    await annotate(scraped, metricSet);
    const samples = await eventually(
      () => samplesOf(query),
      (found) => found.some((s) => s.labels.pod === scraped),
      90_000,
    );
    expect(samples.map((s) => s.labels.pod)).toEqual([scraped]);
    const ip = onMember('member-a', [
      'get',
      'pod',
      scraped,
      '-n',
      'demo',
      '-o',
      'jsonpath={.status.podIP}',
    ]).stdout.trim();
    expect(samples[0]?.labels.instance).toBe(`${ip}:8080`);
  });
});
