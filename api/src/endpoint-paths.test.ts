import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints/all.js';

const file = new URL('./shared/endpoint-paths.ts', import.meta.url);

/** The zod-free table the console builds its URLs from, as it must read. */
async function expectedSource(): Promise<string> {
  const rows = Object.entries(endpoints).map(([id, e]) => `  ${id}: '${e.path}',`);
  const methods = Object.entries(endpoints).map(([id, e]) => `  ${id}: '${e.method}',`);
  const silent = Object.entries(endpoints)
    .filter(([, e]) => e.silent === true)
    .map(([id]) => `'${id}'`);
  const text = [
    '// Generated from the endpoint declarations (api/src/endpoints/all.ts) by',
    '// `NIMBUS_WRITE_GENERATED=1 npx vitest run src/endpoint-paths.test.ts` in api/; do not edit.',
    "// The console builds every API path from it without loading the contract's schemas.",
    'export const endpointPaths = {',
    ...rows,
    '} as const;',
    '',
    '/** The HTTP method of each call. */',
    'export const endpointMethods = {',
    ...methods,
    '} as const;',
    '',
    '/** Calls whose failures the console does not notify. */',
    `export const silentEndpoints = [${silent.join(', ')}] as const;`,
    '',
  ].join('\n');
  const filepath = fileURLToPath(file);
  return format(text, { ...(await resolveConfig(filepath)), filepath });
}

describe('the endpoint path table', () => {
  it('matches the declarations', async () => {
    const expected = await expectedSource();
    if (process.env.NIMBUS_WRITE_GENERATED === '1') writeFileSync(file, expected);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });
});
