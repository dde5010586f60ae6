// The kubectl commands the test tiers run most, answered with the requests kubectl makes and
// printed as kubectl prints them, without a kubectl process (docs/testing.md "What the CPU is
// spent on", docs/decisions/kubectl-reads-over-https.md). Any other command, and any answer not
// handled here, goes to kubectl.
import type { KubectlResult } from '../kubectl-process.js';
import { kubeconfigAccess } from './access.js';
import { applyNew } from './apply.js';
import { readKubectlArgs } from './args.js';
import { canI } from './can-i.js';
import { deleteObjects } from './delete.js';
import { get } from './get.js';
import { TransportError } from './sync-https.js';

/** kubectl's answer to `args`, or undefined when kubectl itself has to give it. */
export function kubectlOverHttps(
  kubeconfig: string,
  args: string[],
  input?: string,
): KubectlResult | undefined {
  const command = readKubectlArgs(args);
  // An empty namespace is kubectl's to read.
  if (!command || command.flags.get('namespace') === '') return undefined;
  const [verb, subcommand] = command.positional;
  try {
    const access = kubeconfigAccess(kubeconfig);
    if (!access) return undefined;
    if (input !== undefined) return verb === 'apply' ? applyNew(access, command, input) : undefined;
    if (verb === 'get') return get(access, command);
    if (verb === 'delete') return deleteObjects(access, command);
    if (verb === 'auth' && subcommand === 'can-i') return canI(access, command);
  } catch (error) {
    // A server that is down or restarting, an answer that is not JSON, a kubeconfig that cannot
    // be read: kubectl reports each in its own words.
    if (error instanceof TransportError || error instanceof SyntaxError) return undefined;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return undefined;
}
