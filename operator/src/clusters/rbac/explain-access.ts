// GET /manage.{host}/users/:userName/explain?cluster=&permission=: why a user can or cannot do
// a console permission on a cluster, from the console's bindings and from the member itself.
import { explainQuery } from '@nimbus/api';
import type {
  AccessExplanation,
  ExplainQuery,
  MemberCall,
  MemberCheckAnswer,
  MemberVerdict,
  RefusalCause,
} from '@nimbus/api';
import { callChecks, explainCall, permissionsCovering } from '../../access/explain-call.js';
import { permissionNames } from '../../access/catalogue.js';
import type { ConsoleVerdict, MemberCheck } from '../../access/explain.js';
import { explainConsoleAccess, memberChecksFor } from '../../access/explain.js';
import { denied, isAdminOf, isSelf, membershipIn } from '../../access/scope.js';
import type { ClusterConnector } from '../connector.js';
import type { MemberRequester } from '../member-client.js';
import { MemberCallError } from '../member-client.js';
import { impersonatedSubject } from '../../member/transport/transport.js';
import type { ClusterObject } from '../../hub/store.js';
import type { IamReader } from '../../hub/directory.js';
import { resolve } from '../../hub/directory.js';
import { organizationOf } from '../../access/org-scope.js';
import { invalid, notFound, parseRequest } from '../../core/problems.js';
import type { Identity } from '../../identity/identity.js';

export { explainQuery };

const parallelReviews = 8;

export type CheckAnswer = MemberCheckAnswer;

export type { AccessExplanation, MemberVerdict };

export interface ExplainDeps {
  store: Pick<IamReader, 'clusters' | 'users' | 'userGroups' | 'roles' | 'organizations'>;
  connector: Pick<ClusterConnector, 'for'>;
  /** Deadline of each member call. */
  timeoutMs?: number;
}

/**
 * The cluster, when the caller may explain access on it: users for themselves on clusters of
 * their organizations, administrators of the cluster's organization and system admins for
 * anyone. A cluster of another organization does not exist for the caller.
 */
function explainableCluster(
  deps: ExplainDeps,
  identity: Identity,
  userName: string,
  ref: string,
): ClusterObject {
  const cluster = deps.store.clusters.get(ref);
  const org = cluster ? organizationOf(cluster, deps.store.organizations) : undefined;
  if (!cluster || (!identity.sysAdmin && (org === undefined || !membershipIn(identity, org)))) {
    throw notFound(`cluster ${ref}`);
  }
  if (identity.sysAdmin || isSelf(identity, userName)) return cluster;
  if (org === undefined || !isAdminOf(identity, org)) throw denied();
  return cluster;
}

type Subject = ReturnType<typeof impersonatedSubject>;

async function review(
  member: MemberRequester,
  subject: Subject,
  check: MemberCheck,
  timeoutMs: number,
): Promise<CheckAnswer> {
  const response = await member.request({
    method: 'POST',
    path: '/apis/authorization.k8s.io/v1/subjectaccessreviews',
    timeoutMs,
    body: {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SubjectAccessReview',
      spec: { user: subject.user, groups: subject.groups, resourceAttributes: { ...check } },
    },
  });
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`the member answered ${response.status} to a SubjectAccessReview`);
  }
  const status = response.json<{ status?: { allowed?: boolean; reason?: string } }>().status;
  return { ...check, allowed: status?.allowed === true, reason: status?.reason ?? '' };
}

/**
 * Asks the member, as the operator, whether the user may do each check, named as the member sees
 * the user's impersonated calls (user and groups alike: impersonatedSubject).
 */
async function memberVerdict(
  deps: ExplainDeps,
  cluster: ClusterObject,
  userName: string,
  checks: readonly MemberCheck[],
): Promise<MemberVerdict> {
  const subject = impersonatedSubject({ user: userName });
  const principal = subject.user;
  if (cluster.status?.ready === false) {
    return { status: 'not-ready', principal, message: 'unreachable at the last probe' };
  }
  const timeoutMs = deps.timeoutMs ?? 5_000;
  try {
    const member = await deps.connector.for(cluster, 'operator', { timeoutMs });
    const answers: CheckAnswer[] = [];
    for (let i = 0; i < checks.length; i += parallelReviews) {
      const batch = checks.slice(i, i + parallelReviews);
      answers.push(
        ...(await Promise.all(batch.map((check) => review(member, subject, check, timeoutMs)))),
      );
    }
    return {
      status: 'answered',
      principal,
      allowed: answers.length > 0 && answers.every((a) => a.allowed),
      checks: answers,
    };
  } catch (error) {
    // Only our own phrasing goes out: never what a member or a vendor put in an error.
    const message =
      error instanceof MemberCallError ? error.message : 'the member could not be asked';
    return { status: 'unreachable', principal, message };
  }
}

function callOf(query: ExplainQuery): MemberCall | undefined {
  const { verb, resource } = query;
  if (verb === undefined || resource === undefined) return undefined;
  return {
    verb,
    group: query.group ?? '',
    resource,
    ...(query.subresource ? { subresource: query.subresource } : {}),
    ...(query.namespace ? { namespace: query.namespace } : {}),
    ...(query.name ? { name: query.name } : {}),
  };
}

/**
 * One exact call: the console's verdict for the permission that covers it (the first the user's
 * roles grant, else the first), the member's SubjectAccessReview of exactly that call, and what
 * the user holds on the resource there. A call the caller says was refused is never "allowed".
 */
async function explainOneCall(
  deps: ExplainDeps,
  verdictFor: (permission: string) => ConsoleVerdict,
  cluster: ClusterObject,
  userName: string,
  call: MemberCall,
  refused: RefusalCause | undefined,
): Promise<AccessExplanation> {
  const verdicts = permissionsCovering(call).map(verdictFor);
  const consoleVerdict = verdicts.find((v) => v.allowed) ?? verdicts[0] ?? verdictFor('');
  const answered = await memberVerdict(deps, cluster, userName, callChecks(call));
  const answers = answered.status === 'answered' ? answered.checks : undefined;
  const exact = answers?.[0];
  const member: MemberVerdict =
    answered.status === 'answered'
      ? { ...answered, allowed: exact?.allowed === true, checks: exact ? [exact] : [] }
      : answered;
  const explained = explainCall({
    call,
    ...(refused ? { refused } : {}),
    consoleGrants: consoleVerdict.allowed,
    ...(answers ? { answers } : {}),
  });
  const allowed = consoleVerdict.allowed && explained.outcome === 'allowed';
  return { ...consoleVerdict, allowed, member, call: explained };
}

export async function explainAccess(
  deps: ExplainDeps,
  identity: Identity,
  userRef: string,
  input: unknown,
): Promise<AccessExplanation> {
  const query = parseRequest(explainQuery, input);
  const call = callOf(query);
  const { permission } = query;
  if (!call && (permission === undefined || !permissionNames.has(permission))) {
    throw invalid('permission', `permission ${permission ?? ''} is not in the catalogue`);
  }
  const user = resolve(deps.store.users, userRef);
  if (!user) throw identity.sysAdmin ? notFound(`user ${userRef}`) : denied();
  const cluster = explainableCluster(deps, identity, user.metadata.name, query.cluster);
  const verdictFor = (name: string): ConsoleVerdict =>
    explainConsoleAccess(
      user,
      deps.store.userGroups.list(),
      deps.store.roles.list(),
      cluster,
      name,
      deps.store.organizations,
    );
  if (call) {
    return explainOneCall(deps, verdictFor, cluster, user.metadata.name, call, query.refused);
  }
  const name = permission ?? '';
  const member = await memberVerdict(deps, cluster, user.metadata.name, memberChecksFor(name));
  return { ...verdictFor(name), member };
}
