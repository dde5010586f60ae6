// What the member's own authorizer answers for a Nimbus user: the SubjectAccessReview that
// `kubectl auth can-i --as nimbus:<user>` amounts to, sent over one keep-alive connection pool.
import type { Expectation } from './iam-objects.js';
import { call, type Member } from './member.js';

async function allowed(member: Member, user: string, verb: string, resource: string, group = '') {
  const review = await call(member, 'POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SubjectAccessReview',
    spec: {
      user: `nimbus:${user}`,
      groups: ['system:authenticated'],
      resourceAttributes: { verb, resource, group, namespace: 'default' },
    },
  });
  if (review.status !== 201) throw new Error(`subjectaccessreview answered ${review.status}`);
  return (review.body as { status?: { allowed?: boolean } }).status?.allowed === true;
}

async function matches(member: Member, expected: Expectation): Promise<boolean> {
  const [listPods, createDeployments] = await Promise.all([
    allowed(member, expected.user, 'list', 'pods'),
    allowed(member, expected.user, 'create', 'deployments', 'apps'),
  ]);
  return listPods === expected.listPods && createDeployments === expected.createDeployments;
}

/** Users whose answers differ from the expectation; two reviews per user, `inFlight` at once. */
export async function mismatches(
  member: Member,
  expected: readonly Expectation[],
  inFlight = 16,
): Promise<string[]> {
  const wrong: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < expected.length) {
      const item = expected[next++] as Expectation;
      if (!(await matches(member, item))) wrong.push(item.user);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return wrong;
}

/** Reviews sent per user checked, for subtracting the bench's own calls. */
export const reviewsPerUser = 2;
