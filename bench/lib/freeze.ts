// Freezes a test-bed member's kube-apiserver with SIGSTOP (it keeps its sockets but answers
// nothing, like a hung or partitioned member) and always lets it go again: on thaw(), and on the
// bench's exit however it ends (error, Ctrl-C, SIGTERM). Only SIGKILL of the bench leaves it
// stopped; then `kill -CONT $(cat .cache/testbed/kwok/clusters/<member>/pids/kube-apiserver.pid)`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Frozen {
  pid: number;
  thaw(): void;
}

function apiServerPid(root: string, member: string): number {
  const pids = join(root, '.cache/testbed/kwok/clusters', member, 'pids');
  const pid = Number(readFileSync(join(pids, 'kube-apiserver.pid'), 'utf8').trim());
  const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  // The pid file may be stale: only this member's kube-apiserver is stopped.
  if (!command.includes(`clusters/${member}/bin/kube-apiserver`)) {
    throw new Error(`${member}: pid ${pid} is not its kube-apiserver`);
  }
  return pid;
}

export function freezeApiServer(root: string, member: string): Frozen {
  const pid = apiServerPid(root, member);
  let frozen = true;
  const thaw = () => {
    if (!frozen) return;
    frozen = false;
    process.kill(pid, 'SIGCONT');
    process.off('exit', thaw);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal);
  };
  // First of the signal's listeners, so the bench's own clean-up finds the member answering.
  const onSignal = () => thaw();
  process.on('exit', thaw);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.prependListener(signal, onSignal);
  process.kill(pid, 'SIGSTOP');
  return { pid, thaw };
}

/** Components of a member whose pid file names no live process (e.g. a controller-manager
 * that lost its lease while the API server was frozen). */
export function deadComponents(root: string, member: string): string[] {
  const pids = join(root, '.cache/testbed/kwok/clusters', member, 'pids');
  const names = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler', 'kwok-controller'];
  return names.filter((name) => {
    try {
      process.kill(Number(readFileSync(join(pids, `${name}.pid`), 'utf8').trim()), 0);
      return false;
    } catch {
      return true;
    }
  });
}
