// "The previous chart version" for the CRD upgrade test: the released chart pulled from the test
// bed's registry and turned into what a release before this one looked like: an older version,
// an operator that did not apply its own CRDs (crds.manage arrived later), and a CRD schema
// without a field the current one has (DashboardCategory's spec.description). Pushed back to
// the registry under that version, so both installs come from oci:// as a user's would.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { helm, plainHttp, releasedChart, releasedVersion } from './release.js';

/** The CRD whose schema the previous version lacks a field of, and that field. */
export const changedCrd = 'dashboardcategories.nimbus.io';
export const addedField = 'description';

/** The version before `version`: the minor (or major) below it, as the release before. */
export function versionBefore(version: string): string {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return minor > 0 ? `${major}.${minor - 1}.0` : `${Math.max(0, major - 1)}.0.0`;
}

function rewrite(file: string, change: (text: string) => string): void {
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`nothing changed in ${file}`);
  writeFileSync(file, after);
}

function run(args: string[]): string {
  const result = helm(args);
  if (result.status !== 0) throw new Error(`helm ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

export interface PreviousChart {
  version: string;
  /** Its crds/ folder, applied to the hub as its first install would have left them. */
  crds: string;
}

/** What the install phase published, for the upgrade phase after it. */
export const previous: PreviousChart = { version: '', crds: '' };

export function publishPreviousChart(): PreviousChart {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-previous-chart-'));
  run([
    'pull',
    releasedChart(),
    '--version',
    releasedVersion(),
    '--untar',
    '--untardir',
    dir,
    ...plainHttp,
  ]);
  const chart = join(dir, 'nimbus');
  const version = versionBefore(releasedVersion());
  rewrite(join(chart, 'Chart.yaml'), (text) =>
    text.replace(/^version: .*$/m, `version: ${version}`),
  );
  rewrite(join(chart, 'values.yaml'), (text) =>
    text.replace(/^crds:\n((?: {2}#.*\n)*) {2}manage: true$/m, 'crds:\n$1  manage: false'),
  );
  const crdFile = join(chart, 'crds', `nimbus.io_${changedCrd.split('.')[0]}.yaml`);
  rewrite(crdFile, (text) => {
    const crd = parseDocument(text);
    const path = [
      'spec',
      'versions',
      0,
      'schema',
      'openAPIV3Schema',
      'properties',
      'spec',
      'properties',
      addedField,
    ];
    if (!crd.hasIn(path)) throw new Error(`${changedCrd} has no spec.${addedField} to take away`);
    crd.deleteIn(path);
    return crd.toString();
  });
  run(['package', chart, '--destination', dir]);
  const registry = releasedChart().replace(/\/nimbus$/, '');
  run(['push', join(dir, `nimbus-${version}.tgz`), registry, ...plainHttp]);
  return { version, crds: join(chart, 'crds') };
}
