import { nodeVersionProblem } from './node-version.js';

/**
 * The operator's entry point. Static imports are all linked before any code runs, and on a Node.js
 * without `crypto.argon2` that linking fails with a bare SyntaxError; so the version is checked
 * here first, with one clear line and exit code 1, and only then is the operator loaded.
 */
const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`nimbus-operator: ${problem}\n`);
  process.exit(1);
}
await import('./main.js');
