import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { copyAuditRecords } from './copy.js';
import { openSharedAuditStore } from './setup.js';
import { auditFileName, openSqliteAuditStore } from './sqlite-store.js';

/** Why the copy cannot start, said to the person running it (no stack trace). */
export class CopyRefused extends Error {}

/**
 * Moves a replica's SQLite audit file into the shared PostgreSQL store (docs/scaling.md "From
 * SQLite to PostgreSQL"): run in each replica's pod after the switch, with the pod's own
 * environment, so the file is `$NIMBUS_DATA_DIR/audit.sqlite` unless a directory is given.
 */
export async function runAuditCopy(
  env: Record<string, string | undefined>,
  args: readonly string[],
  log: Logger,
): Promise<number> {
  const config = parseConfig(env);
  if (config.store.kind !== 'postgres') {
    throw new CopyRefused(
      'NIMBUS_STORE is not postgres: set it and NIMBUS_POSTGRES_URL to the shared database first',
    );
  }
  const dataDir = args[0] ?? config.dataDir;
  const file = join(dataDir, auditFileName);
  // Opening would create an empty file; a wrong directory must say so instead.
  if (!existsSync(file)) throw new CopyRefused(`no audit file at ${file}`);
  const from = openSqliteAuditStore(dataDir);
  try {
    const to = await openSharedAuditStore(config.store, log);
    try {
      const copied = await copyAuditRecords(from, to, {
        onPage: (count) => log.info({ copied: count }, 'audit records copied so far'),
      });
      log.info({ file, copied, total: await to.count() }, 'audit file copied to the shared store');
      return copied;
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}
