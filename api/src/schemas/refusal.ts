// A member cluster's refusal of a call made as the user: what the member's authorizer was asked
// and why it said no. The operator puts it in the data of a 9997 envelope (and in a failed YAML
// import item); the console words it and asks "Why?" about exactly this call.
import { z } from 'zod';
import { dnsLabel } from './namespace-requests.js';

/**
 * Why the member said no: its RBAC does not grant the verb (`rbac`); Kubernetes' escalation check
 * refused a Role or RoleBinding that grants rights the caller does not hold (`escalation`); the
 * member does not let Nimbus act as the caller yet (`impersonation`); or anything else, such as
 * admission, a quota or a terminating namespace (`other`).
 */
export const refusalCauses = ['rbac', 'escalation', 'impersonation', 'other'] as const;
export type RefusalCause = (typeof refusalCauses)[number];

const word = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]*$/, 'lowercase letters, digits and hyphens')
  .max(63);
const apiGroup = z
  .string()
  .trim()
  .regex(/^[a-z0-9.-]*$/, 'an API group name')
  .max(253);
const objectRef = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:@-]*$/, 'an object name')
  .max(253);

/** One request's authorization attributes, as a SubjectAccessReview's resourceAttributes. */
export const memberCallSchema = z.object({
  verb: word,
  /** The API group; '' is the core group. */
  group: apiGroup,
  /** The resource's plural, e.g. serviceaccounts. */
  resource: word,
  subresource: word.optional(),
  /** Absent for cluster-scoped resources. */
  namespace: dnsLabel.optional(),
  name: objectRef.optional(),
});
export type MemberCall = z.output<typeof memberCallSchema>;

export const memberRefusalSchema = memberCallSchema.extend({
  cluster: z.string(),
  cause: z.enum(refusalCauses),
  /** The member's own words, bounded; English, as the member said them. */
  reason: z.string(),
});
export type MemberRefusal = z.output<typeof memberRefusalSchema>;

/** The data of a 9997 envelope when a member refused a call made as the caller. */
export const refusalDataSchema = z.object({ refusal: memberRefusalSchema });
export type RefusalData = z.output<typeof refusalDataSchema>;
