// Copies this replica's SQLite audit file into the shared PostgreSQL store:
//   kubectl exec <pod> -- node operator/dist/audit-copy.js [data-dir]
// (docs/scaling.md "From SQLite to PostgreSQL"). Exit status 0 when every record is there.
import { ConfigError } from './config.js';
import { CopyRefused, runAuditCopy } from './audit/copy-cli.js';
import { createLogger } from './logger.js';

const log = createLogger('info');
try {
  await runAuditCopy(process.env, process.argv.slice(2), log);
} catch (error) {
  if (error instanceof CopyRefused || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    log.error(
      { err: error },
      'audit copy failed; run it again: records already copied are kept once',
    );
  }
  process.exitCode = 1;
}
