// Modules that most of the operator's unit tests import stay clear of the Kubernetes client: it
// takes about half a second to load, in every test file that reaches it (docs/testing.md, "The
// operator unit tier's imports"). The walk follows value imports and re-exports, not `import type`.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const heavy = '@kubernetes/client-node';

const light = [
  // 20-odd IAM and route tests build their callers here.
  'operator/src/testing/iam.ts',
  // The audit trail and its HTTP routes; peer discovery by EndpointSlice is apart.
  'operator/src/audit/trail.ts',
  'operator/src/audit/peers.ts',
  // The cost center's tests keep their rollups in memory.
  'operator/src/cost/memory-rollup-store.ts',
];

const valueImport = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm;

function valueSpecifiers(source: string): string[] {
  return [...source.matchAll(valueImport)]
    .filter((match) => match[1] === undefined)
    .map((match) => match[2] as string);
}

/** The chain of files from `start` to a value import of the client, or undefined. */
function pathToHeavy(start: string): string[] | undefined {
  const seen = new Set<string>([start]);
  const queue: string[][] = [[start]];
  while (queue.length > 0) {
    const chain = queue.shift() as string[];
    const file = chain.at(-1) as string;
    for (const specifier of valueSpecifiers(readFileSync(join(root, file), 'utf8'))) {
      if (specifier === heavy) return chain;
      if (!specifier.startsWith('.')) continue;
      const next = relative(root, join(root, dirname(file), specifier.replace(/\.js$/, '.ts')));
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([...chain, next]);
    }
  }
  return undefined;
}

describe('operator modules most unit tests import', () => {
  it.each(light)('%s does not load the Kubernetes client', (file) => {
    expect(pathToHeavy(file)).toBeUndefined();
  });

  it('finds the client through a chain of imports', () => {
    expect(pathToHeavy('operator/src/audit/setup.ts')).toEqual([
      'operator/src/audit/setup.ts',
      'operator/src/audit/endpoint-slice-peers.ts',
    ]);
  });

  it('skips type-only imports', () => {
    expect(valueSpecifiers(`import type { KubeConfig } from '${heavy}';\n`)).toEqual([]);
    expect(
      valueSpecifiers(`import {\n  a,\n  b,\n} from './x.js';\nexport * from './y.js';\n`),
    ).toEqual(['./x.js', './y.js']);
  });
});
