// Writes the `artifacthub.io/crds` annotation of charts/nimbus/Chart.yaml from the chart's crds/
// folder: every CRD the operator owns, with its kind, served version, name, a display name and the
// first sentence of its schema's description. `--check` fails when Chart.yaml differs (make
// lint), so Artifact Hub's list never falls behind a new kind.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDocument, stringify } from 'yaml';

const chartDir = fileURLToPath(new URL('../../charts/nimbus/', import.meta.url));
const chartFile = `${chartDir}Chart.yaml`;

/** `AlarmReceiver` → `Alarm receiver`. */
const displayName = (kind) =>
  kind.replace(/(?<=[a-z])([A-Z])/g, (letter) => ` ${letter.toLowerCase()}`);

/** The schema's description up to its first full stop: Artifact Hub shows one line. */
const firstSentence = (text) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/\.(\s|$)/);
  return end < 0 ? flat : flat.slice(0, end + 1);
};

export function crdEntries() {
  return readdirSync(`${chartDir}crds`)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const crd = parseDocument(readFileSync(`${chartDir}crds/${file}`, 'utf8')).toJS();
      const version =
        crd.spec.versions.find((candidate) => candidate.storage) ?? crd.spec.versions[0];
      const description = version.schema?.openAPIV3Schema?.description ?? '';
      if (!description) throw new Error(`${file}: the schema has no description`);
      return {
        kind: crd.spec.names.kind,
        version: version.name,
        name: crd.metadata.name,
        displayName: displayName(crd.spec.names.kind),
        description: firstSentence(description),
      };
    });
}

const chart = parseDocument(readFileSync(chartFile, 'utf8'));
chart.setIn(['annotations', 'artifacthub.io/crds'], stringify(crdEntries(), { lineWidth: 0 }));
const text = chart.toString();
const current = readFileSync(chartFile, 'utf8');
if (process.argv.includes('--check')) {
  if (text !== current) {
    console.error(
      'charts/nimbus/Chart.yaml: artifacthub.io/crds differs from crds/; run node hack/chart/artifacthub.mjs',
    );
    process.exit(1);
  }
} else if (text !== current) {
  writeFileSync(chartFile, text);
  console.log('charts/nimbus/Chart.yaml: artifacthub.io/crds written');
}
