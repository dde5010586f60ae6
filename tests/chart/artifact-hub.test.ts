// The chart as Artifact Hub and `helm show` present it: packaged with the test bed's helm, its
// Artifact Hub annotations name every CRD in crds/, the image the chart deploys by default, the
// license and the source; the README generated from the values schema travels in the package.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseDocument } from 'yaml';
import { chart, run } from './render.js';

interface ChartMetadata {
  version: string;
  appVersion: string;
  home?: string;
  sources?: string[];
  annotations: Record<string, string>;
}

let packaged: string;
let metadata: ChartMetadata;
/** An annotation that carries YAML (Artifact Hub's lists), parsed. */
const listOf = <T>(key: string): T[] => parse(metadata.annotations[key] ?? '[]') as T[];

beforeAll(() => {
  const out = mkdtempSync(join(tmpdir(), 'nimbus-chart-package-'));
  const result = run('helm', ['package', chart, '--destination', out]);
  expect(result.stderr).toBe('');
  packaged = join(out, readdirSync(out).find((file) => file.endsWith('.tgz')) ?? '');
  metadata = parse(run('helm', ['show', 'chart', packaged]).stdout) as ChartMetadata;
});

describe('the packaged chart for Artifact Hub', () => {
  it('lists every CRD of crds/ with its served version, a display name and a description', () => {
    const crds = readdirSync(join(chart, 'crds'))
      .filter((file) => file.endsWith('.yaml'))
      .map(
        (file) =>
          parseDocument(readFileSync(join(chart, 'crds', file), 'utf8')).toJS() as {
            metadata: { name: string };
            spec: { names: { kind: string }; versions: Array<{ name: string; storage: boolean }> };
          },
      );
    const listed = listOf<Record<string, string>>('artifacthub.io/crds');
    expect(listed.map((entry) => entry.name).sort()).toEqual(
      crds.map((crd) => crd.metadata.name).sort(),
    );
    for (const crd of crds) {
      const entry = listed.find((candidate) => candidate.name === crd.metadata.name);
      expect(entry).toMatchObject({
        kind: crd.spec.names.kind,
        version: crd.spec.versions.find((version) => version.storage)?.name,
      });
      expect(entry?.displayName).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
      expect(entry?.description).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('names the image the chart deploys by default', () => {
    const values = parse(run('helm', ['show', 'values', packaged]).stdout) as {
      image: { repository: string; tag: string; digest: string };
    };
    const deployed = `${values.image.repository}:${values.image.tag || metadata.appVersion}`;
    expect(listOf<{ name: string; image: string }>('artifacthub.io/images')).toEqual([
      { name: 'nimbus', image: deployed },
    ]);
  });

  it('declares an operator, its license, its source and what changed in this version', () => {
    expect(metadata.annotations).toMatchObject({
      'artifacthub.io/operator': 'true',
      'artifacthub.io/license': 'Apache-2.0',
    });
    expect(metadata.sources).toContain(metadata.home);
    expect(listOf<{ name: string; url: string }>('artifacthub.io/links')).toContainEqual({
      name: 'Source',
      url: metadata.home,
    });
    const changes = listOf<{ kind: string; description: string }>('artifacthub.io/changes');
    expect(changes.length).toBeGreaterThan(0);
    for (const change of changes) {
      expect(['added', 'changed', 'deprecated', 'removed', 'fixed', 'security']).toContain(
        change.kind,
      );
      expect(change.description).not.toBe('');
    }
  });

  it('carries the README generated from the values schema', () => {
    // helm show ends what it prints with a newline of its own.
    expect(run('helm', ['show', 'readme', packaged]).stdout.trimEnd()).toBe(
      readFileSync(join(chart, 'README.md'), 'utf8').trimEnd(),
    );
  });
});
