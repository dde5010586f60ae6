// Prints what `make test` ends with (hack/test.sh): the results of every tier and, for a failed
// run, why it failed, then the closing line `N passed, M failed` that CI reads. The logic is in
// hack/test-summary-lib.mjs. Usage: node hack/test-summary.mjs <results dir>
import { summarize } from './test-summary-lib.mjs';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node hack/test-summary.mjs <results dir>');
  process.exit(2);
}
const { lines, ok } = summarize(dir);
console.log(lines.join('\n'));
process.exitCode = ok ? 0 : 1;
