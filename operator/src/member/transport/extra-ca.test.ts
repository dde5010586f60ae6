// The chart's extraCACertificates become NODE_EXTRA_CA_CERTS. This checks that Node then trusts
// them where the operator dials out: the member transport of a cluster registered without a CA
// of its own, and fetch (vendor APIs). Node reads the variable at start, so each case is a child.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackCertificate, loopbackKey } from '../../testing/loopback-tls.js';

const probe = fileURLToPath(new URL('../../testing/extra-ca-probe.ts', import.meta.url));
let server: https.Server;
let url: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'nimbus-extra-ca-'));
  writeFileSync(join(dir, 'ca.crt'), loopbackCertificate);
  server = https.createServer({ cert: loopbackCertificate, key: loopbackKey }, (_req, res) =>
    res.end('{"gitVersion":"v1.36.3"}'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The probe's outcome in a child whose environment has (or lacks) the extra CA file. */
async function probeWith(extraCaFile: string | undefined): Promise<Record<string, string>> {
  const { NODE_EXTRA_CA_CERTS: _inherited, ...env } = process.env;
  // Not spawnSync: the child calls the https server this process serves.
  const child = spawn(
    process.execPath,
    ['--conditions=nimbus-source', '--import', 'tsx', probe, url],
    {
      env: { ...env, ...(extraCaFile ? { NODE_EXTRA_CA_CERTS: extraCaFile } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`probe exited ${String(code)}: ${err}`);
  return JSON.parse(out) as Record<string, string>;
}

describe('NODE_EXTRA_CA_CERTS', () => {
  it('is what makes a private CA trusted by the member transport and by fetch', async () => {
    const without = await probeWith(undefined);
    expect(without).toEqual({
      member: 'failed DEPTH_ZERO_SELF_SIGNED_CERT',
      vendor: 'failed DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    expect(await probeWith(join(dir, 'ca.crt'))).toEqual({
      member: 'status 200',
      vendor: 'status 200',
    });
  });
});
