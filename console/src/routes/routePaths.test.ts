// @vitest-environment node
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { isRedirectRoute, routeTable } from './routeTable';

const file = new URL('./route-paths.json', import.meta.url);

/**
 * Every screen of the route table with who may open it and its layout, for the checkers that
 * visit each one from outside the console (the accessibility tier, tests/e2e/accessibility).
 */
async function expectedJson(): Promise<string> {
  const screens = routeTable.flatMap((entry) =>
    isRedirectRoute(entry)
      ? []
      : [{ path: entry.path, access: entry.access, layout: entry.layout }],
  );
  const text = JSON.stringify({
    comment:
      'Generated from console/src/routes/routeTable.ts by `NIMBUS_WRITE_GENERATED=1 npx vitest run src/routes/routePaths.test.ts` in console/; do not edit.',
    screens,
  });
  const filepath = fileURLToPath(file);
  return format(text, { ...(await resolveConfig(filepath)), filepath });
}

describe('the route path list', () => {
  it('matches the route table', async () => {
    const expected = await expectedJson();
    if (process.env.NIMBUS_WRITE_GENERATED === '1') writeFileSync(file, expected);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });
});
