// Two registrations of one member (the same kube-system namespace uid): each still projects only
// its own users with its own credentials, but the administrators should know, so each Cluster
// says so in its `MemberClaim` condition and a Warning Event. The uid is what the member — or
// whatever server a kubeconfig points at — answers, so it is only ever reported, never trusted.
// The RBAC projection finds it out; the health controller, the one writer of a Cluster's status,
// writes the condition (a second writer of the status would drop the other's fields).
import type { DesiredCondition } from '../../controllers/conditions.js';
import type { EventIntent } from '../../controllers/events.js';
import type { Condition } from '../../controllers/conditions.js';
import type { ClusterObject } from '../../hub/store.js';
import { namedOrganization } from '../../access/org-scope.js';

export const memberClaimCondition = 'MemberClaim';
const registeredTwice = 'RegisteredTwice';

/**
 * What a viewer who is not a system administrator reads of a double claim: the other
 * registrations may belong to other organizations, whose cluster and organization names are not
 * theirs to learn (docs/decisions/member-claim-names.md).
 */
export const registeredElsewhereMessage =
  'the member cluster is also registered elsewhere (another Cluster answers the same kube-system ' +
  'uid): each registration projects only its own bindings, with its own credentials; a system ' +
  'administrator can see which';

/** A Cluster's conditions as `viewer` may read them: others' names only for system admins. */
export function conditionsFor<C extends Pick<Condition, 'type' | 'reason' | 'message'>>(
  conditions: readonly C[],
  viewer: { sysAdmin: boolean },
): C[] {
  if (viewer.sysAdmin) return [...conditions];
  return conditions.map((condition) =>
    condition.type === memberClaimCondition && condition.reason === registeredTwice
      ? { ...condition, message: registeredElsewhereMessage }
      : condition,
  );
}

export interface Claim {
  cluster: Pick<ClusterObject, 'metadata'>;
  /** The kube-system namespace uid the member answered. */
  memberId: string;
}

function describe(cluster: Claim['cluster']): string {
  const org = namedOrganization(cluster);
  return `${cluster.metadata.name} (organization ${org ?? 'none'})`;
}

export interface ClaimDecision {
  condition: DesiredCondition;
  events: EventIntent[];
}

/** The latest MemberClaim condition of each Cluster, by uid, for the health controller. */
export interface ClaimBoard {
  set(clusterUid: string, condition: DesiredCondition): void;
  get(clusterUid: string): DesiredCondition | undefined;
  forget(clusterUid: string): void;
}

export function createClaimBoard(): ClaimBoard {
  const conditions = new Map<string, DesiredCondition>();
  return {
    set: (uid, condition) => conditions.set(uid, condition),
    get: (uid) => conditions.get(uid),
    forget: (uid) => conditions.delete(uid),
  };
}

/** Per Cluster uid: its MemberClaim condition and, while it conflicts, a Warning. */
export function decideClaims(claims: readonly Claim[]): Map<string, ClaimDecision> {
  const byMember = new Map<string, Claim[]>();
  for (const claim of claims) {
    byMember.set(claim.memberId, [...(byMember.get(claim.memberId) ?? []), claim]);
  }
  const decisions = new Map<string, ClaimDecision>();
  for (const claim of claims) {
    const others = (byMember.get(claim.memberId) ?? [])
      .filter((other) => other.cluster.metadata.uid !== claim.cluster.metadata.uid)
      .map((other) => describe(other.cluster))
      .sort();
    const uid = claim.cluster.metadata.uid;
    if (others.length === 0) {
      const condition: DesiredCondition = {
        type: memberClaimCondition,
        status: 'True',
        reason: 'SoleRegistration',
        message: `no other Cluster reports kube-system uid ${claim.memberId}`,
      };
      decisions.set(uid, { condition, events: [] });
      continue;
    }
    const message =
      `the member answered kube-system uid ${claim.memberId}, as Cluster ${others.join(', ')} ` +
      `does: each registration projects only its own bindings, with its own credentials`;
    decisions.set(uid, {
      condition: {
        type: memberClaimCondition,
        status: 'False',
        reason: registeredTwice,
        message,
      },
      events: [
        { type: 'Warning', reason: 'MemberRegisteredTwice', note: message, action: 'ProjectRbac' },
      ],
    });
  }
  return decisions;
}
