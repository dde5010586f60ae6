// The baseline in the same run: what `kubectl get --raw` costs for the same ConfigMaps, a first
// page of 500, every page of 500 following `continue`, and one unpaginated list.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { benchNamespace } from './seed.js';
import { time, type Timing } from './timing.js';

const run = promisify(execFile);

interface RawList {
  items: unknown[];
  metadata?: { continue?: string };
}

async function raw(kubectl: string, kubeconfig: string, path: string): Promise<RawList> {
  const { stdout } = await run(kubectl, ['--kubeconfig', kubeconfig, 'get', '--raw', path], {
    maxBuffer: 1 << 30,
  });
  return JSON.parse(stdout) as RawList;
}

export async function kubectlBaseline(
  kubectl: string,
  kubeconfig: string,
  member: string,
  runs: number,
): Promise<{ timings: Timing[]; listed: number }> {
  const base = `/api/v1/namespaces/${benchNamespace}/configmaps`;
  let listed = 0;
  const timings = [
    await time(`${member}: kubectl get --raw ?limit=500 (first page)`, runs, () =>
      raw(kubectl, kubeconfig, `${base}?limit=500`),
    ),
    await time(`${member}: kubectl get --raw, every page of 500`, Math.min(runs, 3), async () => {
      let token: string | undefined;
      let count = 0;
      do {
        const query = `limit=500${token ? `&continue=${encodeURIComponent(token)}` : ''}`;
        const page = await raw(kubectl, kubeconfig, `${base}?${query}`);
        count += page.items.length;
        token = page.metadata?.continue || undefined;
      } while (token);
      listed = count;
    }),
    await time(`${member}: kubectl get --raw, one full list`, Math.min(runs, 3), () =>
      raw(kubectl, kubeconfig, base),
    ),
    await time('kubectl version --client (process start only)', runs, () =>
      run(kubectl, ['version', '--client']),
    ),
  ];
  return { timings, listed };
}
