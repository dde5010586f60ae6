// A member's 403 read as a structured refusal: which call its authorizer refused (verb, group,
// resource, namespace, name) and why, so the console can word it and explain that exact call.
import type { MemberCall, MemberRefusal, RefusalCause } from '@nimbus/api';
import { memberCallSchema } from '@nimbus/api';
import { memberUserPrefix } from '../member/principal.js';

/** The fields of a Kubernetes Status this reads. */
export interface KubeStatus {
  message?: string;
  reason?: string;
  details?: { name?: string; group?: string; kind?: string };
}

/** The Status in a member's answer, or nothing when the body is not one. */
export function kubeStatusOf(body: Buffer): KubeStatus {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as KubeStatus) : {};
  } catch {
    return {};
  }
}

/** What the operator asked the member, when known: the fallback for the refused attributes. */
export interface RefusedRequest {
  method: string;
  path: string;
}

/**
 * The authorizer's own words, as the API server writes them (k8s.io/apiserver forbidden.go):
 * `User "u" cannot <verb> resource "<resource>[/<sub>]" in API group "<g>" in the namespace "<ns>"`
 * or `… at the cluster scope`.
 */
const authorizerWords =
  /[Uu]ser "([^"]*)" cannot (\S+) resource "([^"]+)" in API group "([^"]*)"(?: in the namespace "([^"]+)"| at the cluster scope)/;
/** The RBAC storage's escalation check (k8s.io/kubernetes pkg/registry/rbac). */
const escalationWords = /is attempting to grant RBAC permissions not currently held/;
/** Any principal the member names; only Nimbus users' own names are shown to them. */
const principalWords = /([Uu]ser) "([^"]*)"/g;

/** Member messages are bounded so a hostile member cannot flood the console. */
export function boundedMemberText(text: string | undefined, fallback: string, max = 600): string {
  const value = (text ?? '').trim() || fallback;
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

/**
 * The member's words with every principal that is not a Nimbus user replaced: the operator's own
 * identity in the member (its service account or certificate name) is not the caller's business.
 * The caller's member name (`nimbus:<user>`) stays: it is theirs, and what the member's
 * administrator finds in the member's RBAC.
 */
export function withoutForeignPrincipals(text: string): string {
  return text.replace(principalWords, (whole, word: string, name: string) =>
    name.startsWith(memberUserPrefix) ? whole : `${word} "(the Nimbus operator)"`,
  );
}

const verbOfMethod: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'patch',
};

/**
 * The attributes the API server derives from a request path (k8s.io/apiserver RequestInfo),
 * for the resource paths the operator calls: /api/v1/… and /apis/<group>/<version>/….
 */
export function callOfRequest({ method, path }: RefusedRequest): Partial<MemberCall> {
  const [pathname = '', query = ''] = path.split('?', 2);
  let parts: string[];
  try {
    parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return {};
  }
  let group = '';
  if (parts[0] === 'api') parts = parts.slice(2);
  else if (parts[0] === 'apis' && parts.length >= 3) {
    group = parts[1] ?? '';
    parts = parts.slice(3);
  } else return {};
  let namespace: string | undefined;
  if (parts[0] === 'namespaces' && parts.length >= 3) {
    namespace = parts[1];
    parts = parts.slice(2);
  }
  const [resource, name, subresource] = parts;
  if (!resource) return {};
  const upper = method.toUpperCase();
  const watching = new URLSearchParams(query).get('watch') === 'true';
  const verb =
    verbOfMethod[upper] ??
    (upper === 'DELETE'
      ? name === undefined
        ? 'deletecollection'
        : 'delete'
      : name !== undefined
        ? 'get'
        : watching
          ? 'watch'
          : 'list');
  return {
    verb,
    group,
    resource,
    ...(subresource ? { subresource } : {}),
    ...(namespace ? { namespace } : {}),
    ...(name ? { name } : {}),
  };
}

function callOfWords(message: string): Partial<MemberCall> {
  const words = authorizerWords.exec(message);
  if (!words) return {};
  const [, , verb, resourcePath = '', group = '', namespace] = words;
  const [resource, subresource] = resourcePath.split('/', 2);
  return {
    ...(verb ? { verb } : {}),
    group,
    ...(resource ? { resource } : {}),
    ...(subresource ? { subresource } : {}),
    ...(namespace ? { namespace } : {}),
  };
}

function causeOf(message: string, call: Partial<MemberCall>, worded: boolean): RefusalCause {
  if (escalationWords.test(message)) return 'escalation';
  if (worded && call.verb === 'impersonate') return 'impersonation';
  return worded ? 'rbac' : 'other';
}

/** Keeps only well-formed attributes: a member's words are input like any other. */
function wellFormed(call: Partial<MemberCall>): MemberCall | undefined {
  const parsed = memberCallSchema.safeParse(call);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The structured refusal of a member's 403, or undefined when neither the member's words nor the
 * request say which call it was. The authorizer's words win over the request (they are what
 * was checked: a server-side apply that creates is also checked as create); the Status names
 * the object; the request fills the rest.
 */
export function refusalOf(
  cluster: string,
  status: KubeStatus,
  request?: RefusedRequest,
): MemberRefusal | undefined {
  const message = status.message ?? '';
  const worded = callOfWords(message);
  const isWorded = worded.verb !== undefined;
  const fromRequest = request ? callOfRequest(request) : {};
  const impersonating = isWorded && worded.verb === 'impersonate';
  const name = impersonating ? undefined : (status.details?.name ?? fromRequest.name);
  const merged: Partial<MemberCall> = impersonating
    ? worded
    : { ...fromRequest, ...worded, ...(name ? { name } : {}) };
  const call =
    wellFormed(merged) ?? wellFormed({ ...merged, name: undefined }) ?? wellFormed(fromRequest);
  if (!call) return undefined;
  return {
    cluster,
    cause: causeOf(message, worded, isWorded),
    ...call,
    reason: withoutForeignPrincipals(boundedMemberText(message, 'forbidden')),
  };
}

const resourceText = (call: MemberCall): string =>
  call.subresource ? `${call.resource}/${call.subresource}` : call.resource;
const whereText = (call: MemberCall): string =>
  call.namespace ? `in namespace ${call.namespace}` : 'at cluster scope';

/** The refusal in plain English: the envelope's message (the console words it itself). */
export function refusalText(refusal: MemberRefusal): string {
  switch (refusal.cause) {
    case 'rbac':
      return `cannot ${refusal.verb} ${resourceText(refusal)} ${whereText(refusal)}`;
    case 'escalation':
      return `cannot ${refusal.verb} ${resourceText(refusal)}${refusal.name ? ` ${refusal.name}` : ''} ${whereText(refusal)}: it grants rights you do not hold`;
    case 'impersonation':
      return `cluster ${refusal.cluster} does not let Nimbus act for you yet`;
    case 'other':
      return refusal.reason;
  }
}
