import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { endpoints } from './endpoints/all.js';
import { openApiDocument } from './openapi.js';

// The checkers API users run on the document: Redocly's recommended rules and a typed client.
const run = promisify(execFile);
const workspace = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(workspace, '..');
/** npm puts a workspace's own copy of a tool beside it when the hoisted one differs. */
const bin = (name: string) =>
  [workspace, root]
    .map((dir) => join(dir, 'node_modules', '.bin', name))
    .find((path) => existsSync(path)) ?? name;
const work = mkdtempSync(join(tmpdir(), 'nimbus-openapi-'));
const documentPath = join(work, 'openapi.json');
const options = { title: 'Nimbus API', version: '1.2.3', host: 'nimbus.io', basePath: '/api/v1' };
writeFileSync(documentPath, JSON.stringify(openApiDocument(endpoints, options)));
// The checkers must not try to reach the network (telemetry, update notices).
const quiet = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_UPDATE_NOTIFIER: '1',
};

afterAll(() => rmSync(work, { recursive: true, force: true }));

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: Array<{ pointer?: string }>;
}

describe('OpenAPI document under the ecosystem checkers', () => {
  it('passes Redocly lint with the recommended rules: no error, no warning', async () => {
    // Exits non-zero on errors only; the JSON report on stdout lists warnings too.
    const { stdout } = await run(
      bin('redocly'),
      ['lint', documentPath, '--format=json', '--max-problems=10000'],
      { cwd: work, env: quiet, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: LintProblem[] };
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
    );
    console.log(`redocly lint: ${problems.length} problems`);
    expect(problems).toEqual([]);
  }, 300_000);

  it('generates a typed client (openapi-typescript) that type-checks', async () => {
    const types = join(work, 'nimbus-api.d.ts');
    await run(bin('openapi-typescript'), [documentPath, '--output', types], {
      cwd: work,
      env: quiet,
    });
    // A client call typed from the document: its path, path parameter and error envelope.
    writeFileSync(
      join(work, 'client.ts'),
      [
        "import type { paths } from './nimbus-api.js';",
        "type RemoveMember = paths['/iam.nimbus.io/organizations/{orgId}/users/{userId}']['delete'];",
        "const params: RemoveMember['parameters']['path'] = { orgId: 'acme', userId: 'u-1' };",
        "type Refused = RemoveMember['responses']['403']['content']['application/json'];",
        "const refused: Refused = { code: 9997, message: 'no operation permission', data: null };",
        'export const used = [params, refused];',
      ].join('\n'),
    );
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--module',
        'nodenext',
        '--target',
        'es2022',
        join(work, 'client.ts'),
      ],
      { cwd: work },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
    expect(result.stdout).toBe('');
  }, 300_000);
});
