// What the accessibility tier audits the console with: an organization holding member-a (a
// namespace with a config map, the demo pods), a dashboard in a category, a chart source, the
// test-bed registry, and a user whose only right is listing config maps.
import { expect } from 'vitest';
import { api } from './api.js';
import {
  applyChartSource,
  configMapTemplate,
  pushCharts,
  registryAddress,
  untilChartSourceSeen,
} from './charts.js';
import { createOrganization } from './console.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubApply,
  removeGitOpsSystemAdmin,
  type Session,
} from './iam.js';
import {
  applyOnMember,
  firstDemoPod,
  gitOpsRole,
  gitOpsUser,
  memberAllows,
  onMember,
  region,
  registerMember,
  removeGitOpsUser,
  unregisterMember,
} from './members.js';

export interface AccessibilityBed {
  suffix: string;
  orgName: string;
  cluster: string;
  ns: string;
  configMap: string;
  category: string;
  dashboard: string;
  chart: string;
  source: string;
  registry: string;
  /** The narrow-role user and her password. */
  userName: string;
  userPassword: string;
  /** The system administrator's console sign-in. */
  adminUserName: string;
  adminPassword: string;
  demoNamespace: string;
  pod: string;
  container: string;
  /** The query that places a resource screen on the cluster. */
  at: string;
  admin: Session;
}

/** Names every object after `suffix`, so suites and runs never meet. */
function namesOf(suffix: string) {
  const cluster = `e2e-a-${suffix}`;
  const userName = `ada-${suffix}`;
  return {
    suffix,
    orgName: `e2e-a11y-${suffix}`,
    cluster,
    ns: `e2e-a11y-${suffix}`,
    configMap: `settings-${suffix}`,
    category: `infra-${suffix}`,
    dashboard: `nodes-${suffix}`,
    chart: `shop-${suffix}`,
    source: `e2e-src-${suffix}`,
    registry: `plain-${suffix}`,
    userName,
    userPassword: `pw-${userName}-1A`,
    adminUserName: `root-${suffix}`,
    adminPassword: `root${suffix}1`,
    roleName: `config-reader-${suffix}`,
    demoNamespace: 'demo',
    at: new URLSearchParams({ vendor: 'ProviderKubeconfig', region, cluster }).toString(),
  };
}

/** Makes every object the tier audits; takes about a minute on the test bed. */
export async function prepareAccessibilityBed(suffix: string): Promise<AccessibilityBed> {
  const names = namesOf(suffix);
  const admin = await gitOpsSystemAdmin(suffix);
  await createOrganization(admin, names.orgName);
  await registerMember(admin, names.cluster, names.orgName, 'member-a', { callerReady: true });
  onMember('member-a', ['create', 'namespace', names.ns]);
  applyOnMember('member-a', [
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: names.configMap, namespace: names.ns },
      data: { 'app.yaml': 'port: 8080' },
    },
  ]);
  const pod = firstDemoPod('member-a');
  const container = onMember('member-a', [
    'get',
    'pod',
    pod,
    '-n',
    names.demoNamespace,
    '-o',
    'jsonpath={.spec.containers[0].name}',
  ]).stdout;
  const monitor = (path: string, body: unknown) =>
    api('POST', 'monitor', path, { token: admin.token, body });
  expectOk(
    await monitor('/dashboard-categories', { organizationId: names.orgName, name: names.category }),
  );
  expectOk(
    await monitor('/dashboards', {
      organizationId: names.orgName,
      name: names.dashboard,
      category: names.category,
      cluster: names.cluster,
    }),
  );
  pushCharts(`e2e-${suffix}`, [
    {
      name: names.chart,
      version: '1.0.0',
      description: 'A shop for the accessibility tier',
      readme: '# Shop\n\nSells things.\n',
      values: 'mode: browser\n',
      templates: { 'configmap.yaml': configMapTemplate },
    },
  ]);
  applyChartSource(names.source, names.orgName, `e2e-${suffix}`);
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'Registry',
      metadata: { name: names.registry },
      spec: {
        kind: 'Distribution',
        host: registryAddress,
        organization: names.orgName,
        plainHttp: true,
        description: 'The test bed registry',
      },
    },
  ]);
  gitOpsRole(names.roleName, names.orgName, ['configmap:list']);
  await gitOpsUser(names.userName, names.orgName, [
    { cluster: names.cluster, role: names.roleName, effect: 'Allow' },
  ]);
  expect(await memberAllows('member-a', names.userName, 'get', 'configmaps')).toBe('yes');
  // The chart's screens must audit the chart, not an error: the catalogue reads chart sources
  // from the operator's hub watch, a moment after the apply.
  await untilChartSourceSeen(admin, names.orgName, names.source);
  return { ...names, admin, pod, container };
}

/** Removes what `prepareAccessibilityBed` made (also after it failed halfway). */
export async function removeAccessibilityBed(suffix: string, admin?: Session): Promise<void> {
  const names = namesOf(suffix);
  onMember('member-a', ['delete', 'namespace', names.ns, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'registries.nimbus.io', names.registry, '--ignore-not-found']);
  hub(['delete', 'chartsources.nimbus.io', names.source, '--ignore-not-found']);
  hub(['delete', 'dashboards.nimbus.io', names.dashboard, '--ignore-not-found']);
  hub(['delete', 'dashboardcategories.nimbus.io', names.category, '--ignore-not-found']);
  if (admin) await unregisterMember(admin, names.cluster, names.orgName);
  removeGitOpsUser(names.userName);
  hub(['delete', 'roles.nimbus.io', names.roleName, '--ignore-not-found']);
  hub(['delete', 'organizations.nimbus.io', names.orgName, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(suffix);
}
