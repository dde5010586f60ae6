// A form rule must not copy a pattern of the API's schemas: both take it from @nimbus/api/shared
// (api/src/shared/form-patterns.ts, names.ts …), so the console cannot drift from what the
// server accepts. This reads every regular expression literal on both sides and compares them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

/** The regular expression literals written in `text` (a TypeScript or TSX file). */
function literalsIn(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

type Sources = ReadonlyArray<{ file: string; text: string }>;

const read = (files: readonly string[]): Sources =>
  files.map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

/** Literals of `console` that `schemas` write too, each with the files that write it. */
function copiedPatterns(consoleSources: Sources, schemaSources: Sources): string[] {
  const schemaFiles = new Map<string, string[]>();
  for (const { file, text } of schemaSources) {
    for (const literal of literalsIn(file, text)) {
      schemaFiles.set(literal, [...(schemaFiles.get(literal) ?? []), file]);
    }
  }
  return consoleSources.flatMap(({ file, text }) =>
    literalsIn(file, text)
      .filter((literal) => schemaFiles.has(literal))
      .map((literal) => `${literal} in ${file} and ${(schemaFiles.get(literal) ?? []).join(', ')}`),
  );
}

describe('validation patterns', () => {
  const schemas = read(sourceFiles('api/src/schemas'));

  it('are not copied from the API schemas into the console', () => {
    const consoleSources = read(sourceFiles('console/src'));
    expect(consoleSources.length).toBeGreaterThan(100);
    expect(copiedPatterns(consoleSources, schemas)).toEqual([]);
  });

  it('finds a copy when a form writes one', () => {
    const copy = { file: 'console/src/pages/Form.tsx', text: 'const code = /^\\d{6}$/;\n' };
    expect(copiedPatterns([copy], schemas)).toEqual([
      expect.stringContaining('/^\\d{6}$/ in console/src/pages/Form.tsx and api/src/schemas/'),
    ]);
  });
});
