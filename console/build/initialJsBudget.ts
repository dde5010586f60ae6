import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export interface InitialJsBudgetOptions {
  /** Route modules (relative to the console root) whose chunks count as part of the first load. */
  initialRouteModules?: readonly string[];
  /** Budget for the gzip size of all JS the first route needs. */
  budgetKiB: number;
  /** Modules the first route must not load at all (matched against their ids). */
  forbiddenModules?: readonly RegExp[];
}

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/** The chunk and every chunk it imports statically: what the browser must fetch before running it. */
function staticClosure(start: OutputChunk, byFile: Map<string, OutputChunk>): Set<OutputChunk> {
  const seen = new Set<OutputChunk>();
  const pending = [start];
  for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) pending.push(imported);
    }
  }
  return seen;
}

const normalise = (path: string): string => path.replaceAll('\\', '/');

/**
 * Measures the gzip size of the JS needed to show the initial route (entry chunk, its static
 * imports and the lazily loaded route chunks listed), prints it, and fails the build over budget
 * or when that JS holds a forbidden module.
 */
export function initialJsBudget(options: InitialJsBudgetOptions): Plugin {
  return {
    name: 'nimbus-initial-js-budget',
    apply: 'build',
    generateBundle(_outputOptions, bundle) {
      const chunks = chunksOf(bundle);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const starts = chunks.filter((chunk) => chunk.isEntry);
      for (const module of options.initialRouteModules ?? []) {
        const routeChunk = chunks.find((chunk) =>
          normalise(chunk.facadeModuleId ?? '').endsWith(normalise(module)),
        );
        if (!routeChunk) this.error(`initial route module ${module} has no chunk of its own`);
        starts.push(routeChunk);
      }
      const initial = new Set(starts.flatMap((start) => [...staticClosure(start, byFile)]));
      for (const chunk of initial) {
        const forbidden = chunk.moduleIds.find((id) =>
          options.forbiddenModules?.some((pattern) => pattern.test(normalise(id))),
        );
        if (forbidden) this.error(`the initial route loads ${forbidden} (in ${chunk.fileName})`);
      }
      let totalBytes = 0;
      const lines: string[] = [];
      for (const chunk of [...initial].sort((a, b) => a.fileName.localeCompare(b.fileName))) {
        const gzipBytes = gzipSync(chunk.code).length;
        totalBytes += gzipBytes;
        lines.push(`  ${chunk.fileName}  ${(gzipBytes / 1024).toFixed(2)} KiB gzip`);
      }
      const totalKiB = totalBytes / 1024;
      this.info(
        `initial route JS: ${totalKiB.toFixed(2)} KiB gzip (budget ${options.budgetKiB} KiB)\n` +
          lines.join('\n'),
      );
      if (totalKiB > options.budgetKiB) {
        this.error(`initial route JS ${totalKiB.toFixed(2)} KiB exceeds ${options.budgetKiB} KiB`);
      }
    },
  };
}
