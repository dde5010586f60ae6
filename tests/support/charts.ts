// Real Helm charts for the app store tests: written here, packaged and pushed with the test bed's
// helm to its plain-HTTP registry, exactly as a chart author would (`helm package`, `helm push`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { testEnv } from './env.js';
import { api } from './api.js';
import { eventually } from './eventually.js';
import { expectOk, hubApply, type Session } from './iam.js';

export interface TestChart {
  name: string;
  version: string;
  description?: string;
  readme?: string;
  values?: string;
  /** Chart.yaml's icon URL (a host no test reaches unless given). */
  icon?: string;
  /** templates/<file> → content */
  templates: Record<string, string>;
}

/** The test bed's registry (hack/testbed/registry.sh): port base + 5, plain HTTP, loopback. */
export const registryAddress = `127.0.0.1:${Number(process.env.NIMBUS_TESTBED_PORT_BASE ?? 16440) + 5}`;

function helm(args: string[], cwd: string): string {
  const home = join(cwd, '.helm');
  const result = spawnSync(join(testEnv.testbedBin, 'helm'), args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      HELM_CACHE_HOME: join(home, 'cache'),
      HELM_CONFIG_HOME: join(home, 'config'),
      HELM_DATA_HOME: join(home, 'data'),
    },
  });
  if (result.status !== 0) throw new Error(`helm ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** Packages each chart and pushes it to oci://<registry>/<prefix>/<name>:<version>. */
export function pushCharts(prefix: string, charts: readonly TestChart[]): void {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-charts-'));
  try {
    for (const chart of charts) {
      const root = join(dir, `${chart.name}-${chart.version}`, chart.name);
      const write = (path: string, content: string) => {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), content);
      };
      write(
        'Chart.yaml',
        [
          'apiVersion: v2',
          `name: ${chart.name}`,
          `version: ${chart.version}`,
          `appVersion: "${chart.version}"`,
          `description: ${chart.description ?? `The ${chart.name} test chart`}`,
          `icon: ${chart.icon ?? 'https://helm.sh/img/helm.svg'}`,
          '',
        ].join('\n'),
      );
      write('README.md', chart.readme ?? `# ${chart.name}\n`);
      write('values.yaml', chart.values ?? '{}\n');
      for (const [file, content] of Object.entries(chart.templates))
        write(`templates/${file}`, content);
      packageAndPush(dir, root, prefix, `${chart.name}-${chart.version}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `helm package` of the chart at `root` into out/<outName> of `dir`, then `helm push`. */
function packageAndPush(dir: string, root: string, prefix: string, outName: string): void {
  const out = join(dir, 'out', outName);
  mkdirSync(out, { recursive: true });
  helm(['package', root, '--destination', out], dir);
  const [archive] = readdirSync(out);
  if (!archive) throw new Error(`helm package wrote nothing for ${root}`);
  helm(['push', join(out, archive), `oci://${registryAddress}/${prefix}`, '--plain-http'], dir);
}

/**
 * The chart `helm create <name>` writes with the test bed's helm, untouched (version 0.1.0):
 * a ServiceAccount, a Service and a Deployment, as most real charts start.
 */
export function pushStockChart(prefix: string, name: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-charts-'));
  try {
    helm(['create', name], dir);
    packageAndPush(dir, join(dir, name), prefix, name);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The ChartSource an admin writes with kubectl (here: applied to the hub). */
export function applyChartSource(name: string, org: string, prefix: string): void {
  hubApply([
    {
      apiVersion: 'nimbus.io/v1alpha1',
      kind: 'ChartSource',
      metadata: { name },
      spec: {
        type: 'OCI',
        url: `oci://${registryAddress}/${prefix}`,
        plainHttp: true,
        organization: org,
        description: 'The test bed registry',
      },
    },
  ]);
}

/**
 * Resolves once the operator lists `source` among `org`'s chart sources to `session` (an
 * administrator of the organization): a source applied with kubectl reaches the app store's
 * catalogue through the operator's hub watch, a moment later.
 */
export async function untilChartSourceSeen(
  session: Session,
  org: string,
  source: string,
): Promise<void> {
  const names = await eventually(
    async () =>
      expectOk(
        await api<{ items: Array<{ name: string }> }>(
          'GET',
          'appstore',
          `/organizations/${org}/chartsources`,
          { token: session.token },
        ),
      ).items.map((item) => item.name),
    (listed) => listed.includes(source),
  );
  if (!names.includes(source)) throw new Error(`chart source ${source} never listed in ${org}`);
}

/** A ConfigMap template whose data comes from values (what upgrades change). */
export const configMapTemplate = `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Release.Name }}-settings
data:
  mode: {{ .Values.mode | quote }}
`;
