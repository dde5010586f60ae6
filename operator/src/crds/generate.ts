import { resolve } from 'node:path';
import { agentManifestYaml } from '../clusters/agent/manifest.js';
import { operatorPackageDir } from '../paths.js';
import { allKinds } from './kinds.js';
import { defaultOutputDirs, findDrift, renderAll, writeAll } from './files.js';

/** The member agent's manifest, for applying by hand (docs/providers/command.md). */
const agentManifestDir = resolve(operatorPackageDir, '..', 'config', 'member-agent');
const agentManifest = () => new Map([['nimbus-agent.yaml', agentManifestYaml()]]);

/**
 * Writes the CRD YAML for every kind, or with --check reports drift and exits 1.
 * Usage: generate.ts [--check] [output-dir …] (default: crds/ and charts/nimbus/crds/).
 */
export function runGenerate(args: readonly string[], out: (line: string) => void): number {
  const check = args.includes('--check');
  const dirs = args.filter((arg) => arg !== '--check');
  const outputDirs = dirs.length > 0 ? dirs : defaultOutputDirs;
  const files = renderAll(allKinds);

  const withAgent = dirs.length === 0;
  if (!check) {
    for (const path of writeAll(files, outputDirs)) out(`wrote ${path}`);
    if (withAgent)
      for (const path of writeAll(agentManifest(), [agentManifestDir])) out(`wrote ${path}`);
    return 0;
  }
  const problems = [
    ...findDrift(files, outputDirs),
    ...(withAgent ? findDrift(agentManifest(), [agentManifestDir]) : []),
  ];
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
