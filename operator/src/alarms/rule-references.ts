import type { DesiredCondition } from '../controllers/conditions.js';
import type {
  AlarmReceiverObject,
  AlarmRuleObject,
  ClusterObject,
  OrganizationObject,
} from '../hub/store.js';
import type { Lookup } from '../hub/directory.js';
import { organizationOf } from '../access/org-scope.js';

type Organizations = Pick<Lookup<OrganizationObject>, 'get'>;

export interface RuleReferences {
  /** The rule's cluster, when it exists and belongs to the rule's organization. */
  cluster?: ClusterObject;
  /** The receivers that exist and belong to the rule's organization. */
  receivers: AlarmReceiverObject[];
  /** Each reference that is ignored, with why. */
  problems: { reason: string; message: string }[];
}

/**
 * The organization boundary of a rule (DESIGN.md "Organization boundary"): its cluster and its
 * receivers count only inside the rule's own organization. The API refuses such writes; a
 * kubectl-written rule keeps them, and the leader ignores them and says so in the Valid condition.
 */
export function ruleReferences(
  rule: Pick<AlarmRuleObject, 'spec' | 'metadata'>,
  lookups: {
    clusters: { get(name: string): ClusterObject | undefined };
    receivers: { get(name: string): AlarmReceiverObject | undefined };
    organizations: Organizations;
  },
): RuleReferences {
  const problems: RuleReferences['problems'] = [];
  const org = rule.spec.organization;
  const owner = organizationOf(rule, lookups.organizations);
  if (owner !== org) {
    problems.push({
      reason: 'OrganizationNotFound',
      message: `organization ${org} does not exist or is being deleted`,
    });
    return { receivers: [], problems };
  }
  const found = lookups.clusters.get(rule.spec.cluster);
  let cluster: ClusterObject | undefined;
  if (!found) {
    problems.push({
      reason: 'ClusterNotFound',
      message: `cluster ${rule.spec.cluster} does not exist`,
    });
  } else if (organizationOf(found, lookups.organizations) !== org) {
    problems.push({
      reason: 'ClusterOutsideOrganization',
      message: `cluster ${rule.spec.cluster} does not belong to organization ${org}`,
    });
  } else cluster = found;
  const receivers: AlarmReceiverObject[] = [];
  for (const name of rule.spec.receivers) {
    const receiver = lookups.receivers.get(name);
    if (!receiver) {
      problems.push({ reason: 'ReceiverNotFound', message: `receiver ${name} does not exist` });
    } else if (receiver.spec.organization !== org) {
      problems.push({
        reason: 'ReceiverOutsideOrganization',
        message: `receiver ${name} does not belong to organization ${org}; it is ignored`,
      });
    } else receivers.push(receiver);
  }
  return { ...(cluster ? { cluster } : {}), receivers, problems };
}

export function validCondition(
  references: RuleReferences,
  generation: number | undefined,
): DesiredCondition {
  const [first] = references.problems;
  return first
    ? {
        type: 'Valid',
        status: 'False',
        observedGeneration: generation,
        reason: first.reason,
        message: references.problems.map((p) => p.message).join('; '),
      }
    : {
        type: 'Valid',
        status: 'True',
        observedGeneration: generation,
        reason: 'ReferencesResolved',
        message: 'the cluster and every receiver belong to the organization',
      };
}
