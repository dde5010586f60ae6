// Two replicas really share their state through the hub: one leader, sessions, sign-in throttling,
// AK/SK nonces, and the audit trail (each replica writes its own store; a query merges its peers'),
// which can be backed up from a running replica.
// Each replica is called at its own pod IP, so the Service cannot pick the same one twice.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { api, login } from '../../support/api.js';
import { eventually } from '../../support/eventually.js';
import { removeUsersAndThrottling } from '../../support/iam.js';
import { adminName, adminToken } from '../support/admin.js';
import {
  hub,
  isReady,
  leaseHolder,
  namespace,
  podsOfRelease,
  replicaUrl,
} from '../support/release.js';
import type { Pod } from '../support/release.js';

const suffix = Date.now().toString(36);
const signScript = fileURLToPath(new URL('../../../hack/sign-request.mjs', import.meta.url));
const users: string[] = [];

/** The two replicas, both Ready, in name order. */
async function replicas(): Promise<[Pod, Pod]> {
  const pods = await eventually(podsOfRelease, (all) => all.filter(isReady).length === 2, 180_000);
  const ready = pods.filter(isReady).sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  expect(ready).toHaveLength(2);
  return [ready[0] as Pod, ready[1] as Pod];
}

const whoAmI = (baseUrl: string, token: string) =>
  api('GET', 'iam', `/users/${adminName}`, { baseUrl, token });

async function newUser(prefix: string, baseUrl: string): Promise<string> {
  const userName = `${prefix}-${suffix}`;
  users.push(userName);
  const created = await api('POST', 'auth', '/register', {
    baseUrl,
    body: {
      userName,
      email: `${userName}@example.com`,
      password: 'secret12',
      verifyPassword: 'secret12',
    },
  });
  expect(created.body.code).toBe(0);
  return userName;
}

describe('two replicas', () => {
  afterAll(() => {
    removeUsersAndThrottling(users);
  });

  it('elect one Lease holder; when its pod is deleted the other replica takes over', async () => {
    const pods = await replicas();
    const names = pods.map((pod) => pod.metadata.name);
    const holder = await eventually(leaseHolder, (name) => names.includes(name ?? ''), 60_000);
    expect(names).toContain(holder);
    const other = names.find((name) => name !== holder);
    const deleted = pods.find((pod) => pod.metadata.name === holder)?.metadata.uid;

    expect(hub(['delete', 'pod', '-n', namespace, holder ?? '', '--wait=false']).status).toBe(0);
    expect(await eventually(leaseHolder, (name) => name === other, 120_000)).toBe(other);
    // The StatefulSet brings the deleted replica back as a new pod.
    const back = await replicas();
    expect(back.map((pod) => pod.metadata.uid)).not.toContain(deleted);
  });

  it('share sessions: a logout on one replica revokes the token on the other', async () => {
    const [a, b] = (await replicas()).map(replicaUrl) as [string, string];
    const token = await adminToken(a);
    expect((await whoAmI(b, token)).body.code).toBe(0);
    expect((await api('POST', 'auth', '/logout', { baseUrl: b, token })).body.code).toBe(0);
    const refused = await eventually(
      () => whoAmI(a, token),
      (answer) => answer.body.code === 9998,
      30_000,
    );
    expect(refused).toMatchObject({ status: 401, body: { code: 9998 } });
  });

  it('share sign-in throttling: wrong passwords over both are refused before either alone would', async () => {
    const [a, b] = (await replicas()).map(replicaUrl) as [string, string];
    const userName = await newUser('throttle', a);
    // Alternating replicas: alone, each would let its own 5 free failures through, so the first
    // refusal (1006) would come after 10. Shared, it comes after 5, or a few more if a reply took
    // longer than the growing wait (2 s, then 4 s, …).
    const failures: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const answer = await login(userName, 'wrong999', undefined, attempt % 2 ? b : a);
      if (answer.body.code === 1006) break;
      expect(answer.body.code).toBe(1007);
      failures.push(attempt);
    }
    expect(failures.length).toBeGreaterThanOrEqual(5);
    expect(failures.length).toBeLessThan(10);
  });

  it('share AK/SK nonces: a nonce used on one replica is refused by the other (1012)', async () => {
    const [a, b] = (await replicas()).map(replicaUrl) as [string, string];
    const userName = await newUser('aksk', a);
    const token = (await login(userName, 'secret12', undefined, a)).body.data.token;
    const reset = await api<{ accessKey: string; secretKey: string }>('PUT', 'iam', '/users', {
      baseUrl: a,
      token,
      body: { userName, updateType: 'secretKey' },
    });
    expect(reset.body.code).toBe(0);
    const signed = (base: string, nonce: string): number => {
      const result = spawnSync(
        process.execPath,
        [signScript, '--nonce', nonce, `${base}/api/v1/iam.nimbus.io/users/${userName}`],
        {
          encoding: 'utf8',
          timeout: 30_000,
          env: {
            ...process.env,
            NIMBUS_ACCESS_KEY: reset.body.data.accessKey,
            NIMBUS_SECRET_KEY: reset.body.data.secretKey,
          },
        },
      );
      return (JSON.parse(result.stdout) as { code: number }).code;
    };
    const nonce = `install-${suffix}-0123456789`;
    expect(signed(a, nonce)).toBe(0);
    expect(signed(b, nonce)).toBe(1012);
    expect(signed(b, `${nonce}-b`)).toBe(0);
  });

  it('share the audit trail: a query on one replica finds a call recorded by the other', async () => {
    const [a, b] = (await replicas()).map(replicaUrl) as [string, string];
    const marker = `audit-${suffix}`;
    const token = await adminToken(a);
    await api('GET', 'iam', `/users/${marker}`, { baseUrl: a, token });
    type Page = { items: { uri: string; userName: string }[]; partial: boolean };
    const query = `/records?user=${adminName}&resource=iam/users&pageSize=100`;
    const found = await eventually(
      async () => (await api<Page>('GET', 'audit', query, { baseUrl: b, token })).body,
      (page) => page.code === 0 && page.data.items.some((item) => item.uri.includes(marker)),
      60_000,
    );
    expect(found.code).toBe(0);
    expect(found.data.partial).toBe(false);
    expect(found.data.items.find((item) => item.uri.includes(marker))).toMatchObject({
      userName: adminName,
    });
  });

  // docs/backup.md: a running replica's store is copied with SQLite's own VACUUM INTO (a
  // consistent snapshot, whatever it is writing), then out of the pod with kubectl cp.
  it("back up a running replica's audit store consistently, with the records it wrote", async () => {
    const [a] = await replicas();
    const marker = `backup-${suffix}`;
    const token = await adminToken(replicaUrl(a));
    await api('GET', 'iam', `/users/${marker}`, { baseUrl: replicaUrl(a), token });
    const pod = a.metadata.name;
    const snapshot = '/var/lib/nimbus/audit-backup.sqlite';
    const vacuum = [
      "const fs = require('node:fs');",
      `fs.rmSync('${snapshot}', { force: true });`,
      "const db = new (require('node:sqlite').DatabaseSync)('/var/lib/nimbus/audit.sqlite');",
      `db.exec("VACUUM INTO '${snapshot}'");`,
    ].join(' ');
    const local = join(mkdtempSync(join(tmpdir(), 'nimbus-audit-backup-')), 'audit.sqlite');
    try {
      // The record is written after the answer: the snapshot is taken until it holds it.
      const rows = await eventually(
        () => {
          const made = hub(['exec', '-n', namespace, pod, '--', 'node', '-e', vacuum]);
          expect(made.status, made.stderr).toBe(0);
          const copied = hub(['cp', `${namespace}/${pod}:${snapshot}`, local]);
          expect(copied.status, copied.stderr).toBe(0);
          const db = new DatabaseSync(local, { readOnly: true });
          try {
            return db
              .prepare('SELECT user_name AS userName FROM audit_records WHERE uri LIKE ?')
              .all(`%${marker}%`);
          } finally {
            db.close();
          }
        },
        (found) => found.length > 0,
        { timeoutMs: 60_000, intervalMs: 2_000 },
      );
      expect(rows).toEqual([{ userName: adminName }]);
    } finally {
      hub(['exec', '-n', namespace, pod, '--', 'rm', '-f', snapshot]);
    }
  });
});
