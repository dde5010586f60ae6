// The integration tier's lanes (integration/lanes.ts): `make test` runs each file in exactly one
// of them, so a name that no longer matches a file would drop it from side-a or alone without a
// word, and a name listed twice would run beside what it was kept from.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { integrationLanes } from '../integration/lanes.js';

const files = readdirSync(fileURLToPath(new URL('../integration', import.meta.url)))
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => file.replace(/\.test\.ts$/, ''));

describe('the integration lanes', () => {
  const listed = [...integrationLanes.alone, ...integrationLanes.sideA];

  it('name integration files that exist', () => {
    expect(listed.filter((name) => !files.includes(name))).toEqual([]);
  });

  it('list each file once', () => {
    expect(listed.filter((name, index) => listed.indexOf(name) !== index)).toEqual([]);
  });

  it('leave most files to side-b', () => {
    expect(files.length - listed.length).toBeGreaterThan(listed.length / 2);
  });
});
