// The operator's layer rule (hack/eslint/operator-layers.js) as the repository's eslint config
// applies it: an import up the stack fails lint, one down it passes.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The layer rule's messages for `source` linted as if it were the file `path`. */
async function layerProblems(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}/${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'nimbus/operator-layers')
    .map((message) => message.message);
}

const importing = (from: string) =>
  `import { thing } from '${from}';\nexport const used = thing;\n`;

describe('operator layers', () => {
  it('refuses an import from a layer above', async () => {
    expect(
      await layerProblems('operator/src/hub/new.ts', importing('../controllers/jobs.js')),
    ).toEqual([expect.stringContaining('hub (layer 6) imports controllers (layer 7)')]);
    expect(
      await layerProblems('operator/src/core/new.ts', importing('../http/respond.js')),
    ).toHaveLength(1);
    expect(
      await layerProblems('operator/src/controllers/new.ts', importing('../audit/trail.js')),
    ).toHaveLength(1);
  });

  it('refuses a type-only or re-exported import from above too', async () => {
    const typeOnly = "import type { Thing } from './iam/context.js';\nexport type T = Thing;\n";
    expect(await layerProblems('operator/src/config.ts', typeOnly)).toHaveLength(1);
    const reexport = "export { thing } from '../../http/respond.js';\n";
    expect(await layerProblems('operator/src/member/transport/new.ts', reexport)).toHaveLength(1);
  });

  it('allows the same layer and the layers below', async () => {
    expect(
      await layerProblems('operator/src/controllers/new.ts', importing('../hub/apply-options.js')),
    ).toEqual([]);
    expect(
      await layerProblems('operator/src/audit/new.ts', importing('../iam/context.js')),
    ).toEqual([]);
    expect(await layerProblems('operator/src/http/new.ts', importing('../k8s/deps.js'))).toEqual(
      [],
    );
    expect(await layerProblems('operator/src/main.ts', importing('./http/app.js'))).toEqual([]);
  });

  it('asks for a new folder to be placed in the table', async () => {
    expect(
      await layerProblems('operator/src/gadgets/new.ts', importing('../core/errors.js')),
    ).toEqual([expect.stringContaining('operator/src/gadgets is in no layer')]);
  });

  it('leaves tests and test helpers free to reach anything', async () => {
    expect(await layerProblems('operator/src/core/x.test.ts', importing('../http/app.js'))).toEqual(
      [],
    );
    expect(await layerProblems('operator/src/testing/x.ts', importing('../http/app.js'))).toEqual(
      [],
    );
  });
});
