import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readChartArchive } from './chart-archive.js';

const dir = mkdtempSync(join(tmpdir(), 'chart-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A chart packaged by GNU tar in PAX format, with a path longer than ustar's 100 bytes. */
function packaged(): Buffer {
  const root = join(dir, 'demo');
  const deep = join(root, 'templates', 'x'.repeat(60), 'y'.repeat(60));
  mkdirSync(deep, { recursive: true });
  writeFileSync(join(root, 'Chart.yaml'), 'apiVersion: v2\nname: demo\nversion: 1.0.0\n');
  writeFileSync(join(root, 'README.md'), '# Demo\n');
  writeFileSync(join(root, 'values.yaml'), 'replicas: 2\n');
  writeFileSync(join(deep, 'values.yaml'), 'not: the top level\n');
  const archive = join(dir, 'demo.tgz');
  execFileSync('tar', ['--format=pax', '-czf', archive, '-C', dir, 'demo']);
  return readFileSync(archive);
}

describe('readChartArchive', () => {
  it("reads the chart's own Chart.yaml, README and values, not files below it", () => {
    expect(readChartArchive(packaged())).toEqual({
      chartYaml: 'apiVersion: v2\nname: demo\nversion: 1.0.0\n',
      readme: '# Demo\n',
      values: 'replicas: 2\n',
    });
  });
});
