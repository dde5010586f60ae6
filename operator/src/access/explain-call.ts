// "Why was this exact call refused?": which console permissions cover a call, and what the
// member's answers mean for it. Never "allowed" for a call the caller says was just refused.
import type { CallExplanation, CallFinding, MemberCall, RefusalCause } from '@nimbus/api';
import { permissionCatalogue } from './catalogue.js';
import type { MemberCheck } from './explain.js';

const resourceOf = (call: Pick<MemberCall, 'resource' | 'subresource'>): string =>
  call.subresource ? `${call.resource}/${call.subresource}` : call.resource;

/** The catalogue permissions whose projected member rules allow the call, in catalogue order. */
export function permissionsCovering(call: MemberCall): string[] {
  const resource = resourceOf(call);
  return permissionCatalogue
    .filter((p) =>
      p.rules.some(
        (rule) =>
          rule.apiGroups.includes(call.group) &&
          rule.resources.includes(resource) &&
          rule.verbs.includes(call.verb),
      ),
    )
    .map((p) => p.name);
}

/** The verbs asked about besides the call's own, to tell what the user holds on the resource. */
const probedVerbs = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];

/** The call itself first, then the same resource with each probed verb. */
export function callChecks(call: MemberCall): MemberCheck[] {
  const where = {
    group: call.group,
    resource: call.resource,
    ...(call.subresource ? { subresource: call.subresource } : {}),
    ...(call.namespace ? { namespace: call.namespace } : {}),
  };
  const exact: MemberCheck = {
    ...where,
    verb: call.verb,
    ...(call.name ? { name: call.name } : {}),
  };
  return [exact, ...probedVerbs.filter((v) => v !== call.verb).map((verb) => ({ ...where, verb }))];
}

export interface CallFacts {
  call: MemberCall;
  /** What the caller said about the call: refused, and why (absent: only asking). */
  refused?: RefusalCause;
  /** The console's roles grant a permission that covers the call. */
  consoleGrants: boolean;
  /** The member's answers to callChecks, in order; undefined when it could not be asked. */
  answers?: ReadonlyArray<{ verb: string; allowed: boolean }>;
}

function findingOf(facts: CallFacts, covered: boolean, memberAllows?: boolean): CallFinding {
  if (facts.refused === 'impersonation') return 'impersonation';
  if (memberAllows === undefined) return 'unknown';
  if (!memberAllows) {
    if (facts.consoleGrants) return 'not-projected';
    return covered ? 'not-granted' : 'not-in-catalogue';
  }
  if (facts.refused === 'escalation') return 'escalation';
  return facts.refused ? 'refused-otherwise' : 'allowed';
}

/** The answer about one call, from the console's verdict and the member's answers. */
export function explainCall(facts: CallFacts): CallExplanation {
  const { call } = facts;
  const permissions = permissionsCovering(call);
  const memberAllows = facts.answers?.[0]?.allowed;
  const finding = findingOf(facts, permissions.length > 0, memberAllows);
  const refused = facts.refused !== undefined;
  const outcome =
    refused || memberAllows === false ? 'refused' : memberAllows ? 'allowed' : 'unknown';
  return {
    call,
    permissions,
    refused,
    outcome,
    finding,
    held: (facts.answers ?? []).filter((a) => a.allowed).map((a) => a.verb),
    ...(memberAllows === false
      ? {
          missing: {
            apiGroups: [call.group],
            resources: [resourceOf(call)],
            verbs: [call.verb],
            ...(call.namespace ? { namespace: call.namespace } : {}),
          },
        }
      : {}),
  };
}
