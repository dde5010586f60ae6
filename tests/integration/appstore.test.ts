// The app store against the test bed: real charts pushed with `helm push` to the test bed's
// registry, listed through an admin's ChartSource; releases installed, upgraded, rolled back and
// uninstalled by a user whose member rights stop at one namespace. Helm runs as that user: a
// cluster-scoped object is refused by the member, and a chart's `lookup` cannot read a Secret
// the user cannot read (while a user who may read it sees it through the same chart).
import type {
  ChartDetail,
  ChartList,
  Release,
  ReleaseOperation,
  ReleaseRevision,
} from '@nimbus/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyChartSource,
  configMapTemplate,
  pushCharts,
  untilChartSourceSeen,
} from '../support/charts.js';
import type { Session } from '../support/iam.js';
import { expectOk, gitOpsSystemAdmin, hub, removeGitOpsSystemAdmin } from '../support/iam.js';
import { api } from '../support/api.js';
import { eventually } from '../support/eventually.js';
import {
  atCluster,
  gitOpsUser,
  memberAllows,
  onMember,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from '../support/members.js';

const suffix = `as${Date.now().toString(36)}`;
const org = `org-${suffix}`;
const cluster = `member-a-${suffix}`;
const ns = `as-${suffix}`;
const other = `as2-${suffix}`;
const userName = `installer-${suffix}`;
const prefix = `charts-${suffix}`;
const source = `src-${suffix}`;

let root: Session;
let user: Session;

const kubectl = (args: string[]) => onMember('member-a', args);
const configMapMode = (name: string, namespace = ns): string | undefined => {
  const result = kubectl(['get', 'configmap', name, '-n', namespace, '-o', 'json']);
  if (result.status !== 0) return undefined;
  return (JSON.parse(result.stdout) as { data?: Record<string, string> }).data?.mode ?? '';
};
const releasesPath = (namespace = ns) => `/namespaces/${namespace}/releases`;
const call = <T>(session: Session, method: string, rest: string, body?: unknown) =>
  atCluster<T>(session, 'appstore', method, cluster, rest, body === undefined ? {} : { body });
const install = (session: Session, release: string, chart: string, values = '', namespace = ns) =>
  call<ReleaseOperation>(session, 'POST', releasesPath(namespace), {
    release,
    source,
    chart,
    version: '0.1.0',
    values,
  });

const deploymentTemplate = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}-web
spec:
  replicas: 1
  selector:
    matchLabels: { app: {{ .Release.Name }} }
  template:
    metadata:
      labels: { app: {{ .Release.Name }} }
    spec:
      containers:
        - name: web
          image: registry.example/web:1
`;

beforeAll(async () => {
  root = await gitOpsSystemAdmin(suffix);
  expectOk(
    await root.call('POST', '/organizations', {
      name: org,
      cnName: 'appstore',
      contact: 'Ops',
      email: 'ops@appstore.example',
    }),
  );
  kubectl(['create', 'namespace', ns]);
  kubectl(['create', 'namespace', other]);
  kubectl(['create', 'secret', 'generic', 'hidden', '-n', other, '--from-literal=token=s3cret']);
  await registerMember(root, cluster, org, 'member-a', { callerReady: true });
  // The console lets the user at the cluster (read-only: no Secrets); the member's own admin
  // gave them `edit` in one namespace only.
  user = await gitOpsUser(userName, org, [{ cluster, role: 'read-only', effect: 'Allow' }]);
  kubectl([
    'create',
    'rolebinding',
    'helm-edit',
    '-n',
    ns,
    '--clusterrole=edit',
    `--user=nimbus:${userName}`,
  ]);
  expect(await memberAllows('member-a', userName, 'create', 'deployments', 'no')).toBe('no');
  pushCharts(prefix, [
    {
      name: 'web',
      version: '0.1.0',
      readme: '# web\n\nA web server for the app store test.\n',
      values: 'mode: one\n',
      templates: { 'configmap.yaml': configMapTemplate, 'deployment.yaml': deploymentTemplate },
    },
    {
      name: 'web',
      version: '0.2.0',
      values: 'mode: two\n',
      templates: { 'configmap.yaml': configMapTemplate, 'deployment.yaml': deploymentTemplate },
    },
    {
      name: 'cluster-wide',
      version: '0.1.0',
      templates: {
        'clusterrole.yaml': `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: {{ .Release.Name }}-${suffix}
rules: []
`,
      },
    },
    {
      name: 'peek',
      version: '0.1.0',
      values: `secretNamespace: ${other}\n`,
      templates: {
        'configmap.yaml': `{{- $secret := lookup "v1" "Secret" .Values.secretNamespace "hidden" }}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Release.Name }}-peek
data:
  mode: {{ if $secret }}"found"{{ else }}"absent"{{ end }}
`,
      },
    },
  ]);
  applyChartSource(source, org, prefix);
  await untilChartSourceSeen(root, org, source);
}, 180_000);

afterAll(async () => {
  for (const name of [ns, other])
    kubectl(['delete', 'namespace', name, '--ignore-not-found', '--wait=false']);
  kubectl(['delete', 'clusterrole', `cw-${suffix}`, `cw-root-${suffix}`, '--ignore-not-found']);
  hub(['delete', 'chartsources.nimbus.io', source, '--ignore-not-found']);
  await unregisterMember(root, cluster, org);
  removeGitOpsUser(userName);
  hub(['delete', 'organizations.nimbus.io', org, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
});

describe('charts', () => {
  it("lists the source's charts with their versions, newest first", async () => {
    // The source and the user's membership were applied with kubectl: the operator lists the
    // source once its hub watch has seen both.
    const list = await eventually(
      async () =>
        expectOk(await api<ChartList>('GET', 'appstore', '/charts', { token: user.token })),
      (answer) => answer.items.some((c) => c.source === source),
    );
    const mine = list.items.filter((c) => c.source === source);
    expect(mine.map((c) => [c.name, c.versions])).toEqual([
      ['cluster-wide', ['0.1.0']],
      ['peek', ['0.1.0']],
      ['web', ['0.2.0', '0.1.0']],
    ]);
    expect(mine.find((c) => c.name === 'web')).toMatchObject({
      latestVersion: '0.2.0',
      icon: 'https://helm.sh/img/helm.svg',
      sourceType: 'OCI',
    });
  });

  it("shows a version's README and values", async () => {
    const detail = expectOk(
      await api<ChartDetail>('GET', 'appstore', `/sources/${source}/versions/0.1.0?name=web`, {
        token: user.token,
      }),
    );
    expect(detail.readme).toContain('A web server for the app store test.');
    expect(detail.values).toBe('mode: one\n');
    expect(detail.appVersion).toBe('0.1.0');
  });
});

describe('releases as the calling user', () => {
  it('installs the allowed objects into the namespace', async () => {
    const done = expectOk(await install(user, 'shop', 'web'));
    expect(done).toMatchObject({ release: 'shop', revision: 1, status: 'deployed' });
    expect(configMapMode('shop-settings')).toBe('one');
    expect(kubectl(['get', 'deployment', 'shop-web', '-n', ns]).status).toBe(0);
    const listed = expectOk(await call<{ items: Release[] }>(user, 'GET', releasesPath()));
    expect(listed.items.map((r) => [r.name, r.revision, r.status])).toEqual([
      ['shop', 1, 'deployed'],
    ]);
    // Helm's own time text becomes ISO 8601, which the console shows in the reader's language.
    expect(listed.items[0]?.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('is refused by the member for a cluster-scoped object', async () => {
    const refused = await install(user, 'cw', 'cluster-wide');
    expect(refused.body.code).toBe(9997);
    expect(refused.body.message).toMatch(/clusterroles/);
    expect(kubectl(['get', 'clusterrole', `cw-${suffix}`]).status).not.toBe(0);
  });

  it('upgrades with new values and rolls back, as kubectl sees', async () => {
    const upgraded = expectOk(
      await call<ReleaseOperation>(user, 'PUT', `${releasesPath()}/shop`, {
        source,
        chart: 'web',
        version: '0.2.0',
        values: 'mode: three\n',
      }),
    );
    expect(upgraded).toMatchObject({ revision: 2, status: 'deployed' });
    expect(configMapMode('shop-settings')).toBe('three');
    const values = expectOk(
      await call<{ values: string }>(user, 'GET', `${releasesPath()}/shop/values`),
    );
    expect(values.values).toContain('mode: three');

    const rolledBack = expectOk(
      await call<ReleaseOperation>(user, 'POST', `${releasesPath()}/shop/rollback`, {
        revision: 1,
      }),
    );
    expect(rolledBack).toMatchObject({ revision: 3, status: 'deployed' });
    expect(configMapMode('shop-settings')).toBe('one');
    const history = expectOk(
      await call<{ items: ReleaseRevision[] }>(user, 'GET', `${releasesPath()}/shop/history`),
    );
    expect(history.items.map((r) => [r.revision, r.chart, r.status])).toEqual([
      [1, 'web-0.1.0', 'superseded'],
      [2, 'web-0.2.0', 'superseded'],
      [3, 'web-0.1.0', 'deployed'],
    ]);
    for (const revision of history.items) {
      expect(revision.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });

  it("runs a chart's lookup as the user: a Secret they cannot read stays unread", async () => {
    const refused = await install(user, 'peek', 'peek');
    expect(refused.body.code).toBe(9997);
    expect(refused.body.message).toBe(`cannot get secrets in namespace ${other}`);
    expect(refused.body.data).toMatchObject({
      refusal: { verb: 'get', resource: 'secrets', namespace: other, name: 'hidden' },
    });
    expect(configMapMode('peek-peek')).toBeUndefined();
    // The same chart as a user who may read the Secret: lookup finds it, so the check above
    // is about whose rights lookup used.
    expectOk(await install(root, 'peek', 'peek', '', other));
    expect(configMapMode('peek-peek', other)).toBe('found');
  });

  it('uninstalls, as kubectl sees', async () => {
    expectOk(await call<ReleaseOperation>(user, 'DELETE', `${releasesPath()}/shop`));
    expect(configMapMode('shop-settings')).toBeUndefined();
    expect(kubectl(['get', 'deployment', 'shop-web', '-n', ns]).status).not.toBe(0);
    const listed = expectOk(await call<{ items: Release[] }>(user, 'GET', releasesPath()));
    expect(listed.items).toEqual([]);
  });
});
