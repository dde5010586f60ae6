// The end-to-end files run two at a time against one test bed (tests/vitest.e2e.config.ts), so
// each names what it makes after a run suffix of its own: a prefix no other file uses, then the
// time. Two files that start in the same millisecond with one prefix would share their users,
// organization and cluster (docs/testing.md, "End to end, two files at a time").
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const e2e = fileURLToPath(new URL('../e2e', import.meta.url));
const files = readdirSync(e2e).filter((file) => file.endsWith('.test.ts'));

/** The prefix of each run suffix a file builds: `const x = \`<prefix>${Date.now()…}\``. */
const prefixesOf = (text: string): string[] =>
  [...text.matchAll(/=\s*`([a-z0-9-]*)\$\{Date\.now\(\)/g)].map((match) => match[1] ?? '');

describe('end-to-end run suffixes', () => {
  const byFile = new Map(
    files.map((file) => [file, prefixesOf(readFileSync(`${e2e}/${file}`, 'utf8'))]),
  );

  it('are read from every file that names things after the time', () => {
    const timed = files.filter((file) =>
      readFileSync(`${e2e}/${file}`, 'utf8').includes('Date.now()'),
    );
    expect(timed.length).toBeGreaterThan(20);
    expect(timed.filter((file) => (byFile.get(file) ?? []).length === 0)).toEqual([]);
  });

  it('start with a prefix of their own in every file', () => {
    const owners = new Map<string, string[]>();
    for (const [file, prefixes] of byFile) {
      for (const prefix of prefixes) owners.set(prefix, [...(owners.get(prefix) ?? []), file]);
    }
    const shared = [...owners].filter(([prefix, owning]) => prefix === '' || owning.length > 1);
    expect(shared).toEqual([]);
  });
});
