// kubectl against the test bed, so tests see exactly what a GitOps user would. The commands they
// run most (get, delete, auth can-i, apply of new objects) are answered with the requests kubectl
// makes, printed as kubectl prints them (kubectl-https/answer.ts); every other command runs the
// test bed's kubectl.
import { kubectlOverHttps } from './kubectl-https/answer.js';
import { kubectlProcess, type KubectlResult } from './kubectl-process.js';

export type { KubectlResult };

export function kubectl(kubeconfig: string, args: string[], input?: string): KubectlResult {
  return kubectlOverHttps(kubeconfig, args, input) ?? kubectlProcess(kubeconfig, args, input);
}
