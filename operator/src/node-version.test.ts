import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, nodeVersionProblem } from './node-version.js';

describe('the Node.js version check at start', () => {
  it.each(['24.7.0', '24.21.0', 'v24.7.1', '25.0.0', '26.0.0', '30.1.2'])(
    'lets %s run',
    (version) => {
      expect(nodeVersionProblem(version)).toBeUndefined();
    },
  );

  it.each(['24.6.9', '24.0.0', '22.12.0', 'v20.19.5', '4.10.0', 'not-a-version', ''])(
    'refuses %s in one line that names what is needed and what runs',
    (version) => {
      const problem = nodeVersionProblem(version);
      expect(problem).toBe(
        `Node.js 24.7.0 or later is required (crypto.argon2 hashes the passwords); ` +
          `this is Node.js ${version}`,
      );
      expect(problem).not.toContain('\n');
    },
  );

  it('compares numerically, not as text', () => {
    expect(nodeVersionProblem('24.10.0', '24.9.0')).toBeUndefined();
    expect(nodeVersionProblem('24.9.0', '24.10.0')).toBeDefined();
  });

  it('holds the same minimum as engines.node in the root package.json, which admits Node 26', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { engines: { node: string } };
    // The newest major the operator is kept current with (issue 30): 26.
    expect(manifest.engines.node).toBe(`>=${MINIMUM_NODE.replace(/\.0$/, '')} <27`);
  });
});
