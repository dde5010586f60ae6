// `kubectl auth can-i` over HTTPS: the SelfSubjectAccessReview kubectl posts.
import type { KubectlResult } from '../kubectl-process.js';
import type { KubectlCommand } from './args.js';
import { resolveType } from './discovery.js';
import { onlyFlags } from './objects.js';
import { kubeRequest, type KubeAccess } from './request.js';

/**
 * `auth can-i <verb> <type> [--subresource=s] [-n ns] [--as user]`: a SelfSubjectAccessReview,
 * as the impersonated user when one is named; `yes` (0) or `no` with the reasons (1).
 */
export function canI(
  access: KubeAccess,
  { positional, flags }: KubectlCommand,
): KubectlResult | undefined {
  if (!onlyFlags(flags, ['namespace', 'subresource', 'as', 'all-namespaces'])) return undefined;
  const [, , verb, type, ...more] = positional;
  // A type/name and a non-resource URL are kubectl's.
  if (!verb || !type || more.length > 0 || type.includes('/')) return undefined;
  const resource = resolveType(access, type);
  if (!resource) return undefined;
  const as = flags.get('as');
  const review = {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SelfSubjectAccessReview',
    spec: {
      resourceAttributes: {
        namespace: flags.has('all-namespaces') ? '' : (flags.get('namespace') ?? access.namespace),
        verb,
        group: resource.group,
        resource: resource.resource,
        subresource: flags.get('subresource') ?? '',
      },
    },
  };
  const response = kubeRequest(
    access,
    'POST',
    '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
    {
      body: review,
      ...(as ? { headers: { 'impersonate-user': as } } : {}),
    },
  );
  if (response.status !== 201 && response.status !== 200) return undefined;
  const { status } = JSON.parse(response.body) as {
    status?: { allowed?: boolean; reason?: string; evaluationError?: string };
  };
  const inGroup = resource.group ? ` in group '${resource.group}'` : '';
  const stderr =
    resource.namespaced || flags.has('all-namespaces')
      ? ''
      : `Warning: resource '${resource.resource}' is not namespace scoped${inGroup}\n\n`;
  if (status?.allowed) return { status: 0, stdout: 'yes\n', stderr };
  const reasons = [status?.reason, status?.evaluationError].filter((r) => r).map((r) => ` - ${r}`);
  return { status: 1, stdout: `no${reasons.join('')}\n`, stderr };
}
