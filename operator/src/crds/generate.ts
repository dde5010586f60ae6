import { allKinds } from './kinds.js';
import { defaultOutputDirs, findDrift, renderAll, writeAll } from './files.js';

/**
 * Writes the CRD YAML for every kind, or with --check reports drift and exits 1.
 * Usage: generate.ts [--check] [output-dir …] (default: crds/ and charts/nimbus/crds/).
 */
export function runGenerate(args: readonly string[], out: (line: string) => void): number {
  const check = args.includes('--check');
  const dirs = args.filter((arg) => arg !== '--check');
  const outputDirs = dirs.length > 0 ? dirs : defaultOutputDirs;
  const files = renderAll(allKinds);

  if (!check) {
    for (const path of writeAll(files, outputDirs)) out(`wrote ${path}`);
    return 0;
  }
  const problems = findDrift(files, outputDirs);
  if (problems.length === 0) {
    out(`CRDs are up to date (${files.size} kinds in ${outputDirs.length} directories)`);
    return 0;
  }
  out('CRD YAML does not match the zod schemas in operator/src/crds/:');
  for (const problem of problems) out(`  ${problem}`);
  out('Run `npm run crds:generate -w operator` and commit the result.');
  return 1;
}

if (import.meta.main) {
  process.exitCode = runGenerate(process.argv.slice(2), (line) =>
    process.stdout.write(`${line}\n`),
  );
}
