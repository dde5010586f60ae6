import { describe, expect, it } from 'vitest';
import { sampleRecord, tempDataDir } from '../testing/audit.js';
import { cleanUpAuditStores, openPostgresForTest } from '../testing/audit-stores.js';
import { captureLogs } from '../testing/logs.js';
import { copyAuditRecords } from './copy.js';
import { CopyRefused, runAuditCopy } from './copy-cli.js';
import { openSqliteAuditStore } from './sqlite-store.js';
import type { AuditStore } from './store.js';

cleanUpAuditStores();

const start = Date.UTC(2031, 4, 1);

async function filledFile(count: number): Promise<{ dir: string; remove(): void }> {
  const data = tempDataDir();
  const file = openSqliteAuditStore(data.dir);
  await file.append(
    Array.from({ length: count }, (_, i) =>
      // Pairs share a time, so the cursor's tie-break by id is crossed at page edges.
      sampleRecord({
        id: `c${String(i).padStart(5, '0')}`,
        requestTime: start + Math.floor(i / 2),
      }),
    ),
  );
  await file.close();
  return data;
}

const everything = async (store: AuditStore) =>
  (await store.query({}, { offset: 0, limit: 10_000 })).items;

describe('copying a replica’s audit file into the shared store', () => {
  it('copies every record once, page after page, and again without doubles', async () => {
    const data = await filledFile(1_203);
    const from = openSqliteAuditStore(data.dir);
    const { store: to } = await openPostgresForTest();
    const pages: number[] = [];
    expect(await copyAuditRecords(from, to, { pageSize: 500, onPage: (n) => pages.push(n) })).toBe(
      1_203,
    );
    expect(pages).toEqual([500, 1_000, 1_203]);
    expect(await everything(to)).toEqual(await everything(from));
    // Cut off and run again: nothing is doubled.
    await copyAuditRecords(from, to, { pageSize: 700 });
    expect(await to.count()).toBe(1_203);
    await from.close();
    data.remove();
  });

  it('runs with the pod’s environment and refuses what it cannot do', async () => {
    const data = await filledFile(3);
    const { url, store } = await openPostgresForTest();
    const env = {
      NIMBUS_SESSION_KEY_FILE: '/dev/null',
      NIMBUS_DATA_DIR: data.dir,
      NIMBUS_STORE: 'postgres',
      NIMBUS_POSTGRES_URL: url,
    };
    const logs = captureLogs();
    expect(await runAuditCopy(env, [], logs.logger)).toBe(3);
    expect(await store.count()).toBe(3);
    expect(logs.text()).toContain('audit file copied to the shared store');
    expect(logs.text()).not.toContain(url);
    await expect(runAuditCopy({ ...env, NIMBUS_STORE: 'sqlite' }, [], logs.logger)).rejects.toThrow(
      CopyRefused,
    );
    const empty = tempDataDir();
    await expect(runAuditCopy(env, [empty.dir], logs.logger)).rejects.toThrow(/no audit file at/);
    empty.remove();
    data.remove();
  });
});
