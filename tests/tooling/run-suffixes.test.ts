// The end-to-end files run two at a time against one test bed (tests/vitest.e2e.config.ts), and
// the integration files are to follow, so each file names what it makes after a run suffix of its
// own: a prefix no other file of its tier uses, then the time. Two files that start in the same
// millisecond with one prefix would share their users, organization and cluster
// (docs/testing.md, "End to end, two files at a time").
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The prefix of each run suffix a file builds: `const x = \`<prefix>${Date.now()…}\``. */
const prefixesOf = (text: string): string[] =>
  [...text.matchAll(/=\s*`([a-z0-9-]*)\$\{Date\.now\(\)/g)].map((match) => match[1] ?? '');

/** The files of a tier that build a run suffix (they name it `suffix` or `s`). */
function suffixedFiles(tier: string): Map<string, string[]> {
  const dir = fileURLToPath(new URL(`../${tier}`, import.meta.url));
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => [file, readFileSync(`${dir}/${file}`, 'utf8')] as const)
      .filter(([, text]) => /^const (suffix|s) = /m.test(text))
      .map(([file, text]) => [file, prefixesOf(text)]),
  );
}

describe.each(['e2e', 'integration'])('%s run suffixes', (tier) => {
  const byFile = suffixedFiles(tier);

  it('are read from every file that builds one (the pattern still matches how they are written)', () => {
    expect(byFile.size).toBeGreaterThan(20);
    expect([...byFile].filter(([, prefixes]) => prefixes.length === 0)).toEqual([]);
  });

  it('start with a prefix of their own in every file', () => {
    const owners = new Map<string, string[]>();
    for (const [file, prefixes] of byFile) {
      for (const prefix of new Set(prefixes))
        owners.set(prefix, [...(owners.get(prefix) ?? []), file]);
    }
    expect([...owners].filter(([prefix, owning]) => prefix === '' || owning.length > 1)).toEqual(
      [],
    );
  });
});
