// Adds up the vitest JSON reports of every tier and prints the closing line CI reads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const tierSkipped = report.numPendingTests + report.numTodoTests;
  console.log(
    `${file.replace(/\.json$/, '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += tierSkipped;
}
if (passed === 0) {
  console.log('no test ran');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && skipped === 0 ? 0 : 1);
