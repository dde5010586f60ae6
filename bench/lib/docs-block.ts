import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Puts `table` between the `<!-- bench:{id}:start/end -->` markers of `file`, replacing what was
 * there, or appends it under `heading` the first time.
 */
export function writeDocsBlock(file: string, id: string, heading: string, table: string): void {
  const start = `<!-- bench:${id}:start -->`;
  const end = `<!-- bench:${id}:end -->`;
  const current = readFileSync(file, 'utf8');
  const block = `${start}\n${table}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  writeFileSync(
    file,
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n## ${heading}\n\n${block}\n`,
  );
}
