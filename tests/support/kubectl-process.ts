// The test bed's own kubectl as a process: what kubectl.ts falls back to for every command it
// does not answer over HTTPS.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { testEnv } from './env.js';

export interface KubectlResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function kubectlProcess(kubeconfig: string, args: string[], input?: string): KubectlResult {
  const result = spawnSync(
    join(testEnv.testbedBin, 'kubectl'),
    ['--kubeconfig', kubeconfig, ...args],
    {
      input,
      encoding: 'utf8',
      timeout: 60_000,
      // A call lives for tens of milliseconds, and a run makes thousands of them: Go's garbage
      // collector only costs CPU there. Without it a get takes 49 ms of CPU instead of 65, an
      // apply 156 instead of 215 (docs/testing.md "What the CPU is spent on").
      env: { ...process.env, GOGC: 'off' },
    },
  );
  if (result.error) {
    throw result.error;
  }
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
