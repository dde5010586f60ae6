// Adds up the vitest JSON reports of every tier and prints the closing line CI reads. Failed
// tests are listed last, by file and name with the first line of their message, because CI
// keeps only the tail of a run's output.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const tier = file.replace(/\.json$/, '');
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const tierSkipped = report.numPendingTests + report.numTodoTests;
  console.log(`${tier}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += tierSkipped;
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(
        `[${tier}] ${relative(process.cwd(), suite.name)} > ${test.fullName}\n    ${message}`,
      );
    }
    if ((suite.assertionResults ?? []).length === 0 && suite.status === 'failed') {
      failures.push(
        `[${tier}] ${relative(process.cwd(), suite.name)}\n    ${(suite.message ?? '').split('\n')[0]}`,
      );
    }
  }
}
if (failures.length > 0) console.log(`\nfailed:\n${failures.join('\n')}`);
if (passed === 0) {
  console.log('no test ran');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && skipped === 0 ? 0 : 1);
