// Starts and stops operator processes of the test bed with hack/operator.sh: the operator under
// test (NIMBUS_TEST_OPERATOR_NAME / NIMBUS_TEST_OPERATOR_PORT, else derived from
// NIMBUS_OPERATOR_LOG = .cache/operator/<name>/operator.log and NIMBUS_URL) and extra named ones.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { testEnv } from './env.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');

export interface OperatorInstance {
  name: string;
  port: string;
}

export const operatorUnderTest: OperatorInstance = {
  get name() {
    return process.env.NIMBUS_TEST_OPERATOR_NAME ?? basename(dirname(testEnv.operatorLog));
  },
  get port() {
    return process.env.NIMBUS_TEST_OPERATOR_PORT ?? new URL(testEnv.operatorUrl).port;
  },
};

/**
 * hack/operator.sh with this process's env (NIMBUS_OPERATOR_MAIN stays the build under test),
 * plus `env` for settings of this instance alone.
 */
export async function operatorSh(
  action: 'start' | 'stop',
  instance: OperatorInstance = operatorUnderTest,
  env: Record<string, string> = {},
): Promise<void> {
  await run(join(root, 'hack/operator.sh'), [action, instance.name, instance.port], {
    env: {
      ...process.env,
      NIMBUS_MFA_ENABLED: process.env.NIMBUS_MFA_ENABLED ?? 'true',
      ...env,
    },
    timeout: 90_000,
  });
}

/** The identity a local operator holds Leases under (host and pid, as it has no pod name). */
export function leaseIdentityOf(instance: OperatorInstance): string {
  const pid = readFileSync(join(root, '.cache/operator', instance.name, 'pid'), 'utf8').trim();
  return `${hostname()}-${pid}`;
}

/** Kills an extra operator as a node failure would: no SIGTERM, nothing released. */
export function killOperator(instance: OperatorInstance): void {
  const pid = Number(readFileSync(join(root, '.cache/operator', instance.name, 'pid'), 'utf8'));
  process.kill(pid, 'SIGKILL');
}

/** A loopback port nothing listens on now, for an extra operator. */
export { freePort } from '../../operator/src/testing/free-port.js';
