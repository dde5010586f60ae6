import { endpointPaths } from '@nimbus/api/shared';
import { redactText, truncateUtf8 } from '../observability/redact.js';

/**
 * The member-cluster object a call acted on, as searchable fields of its record. `kind` is the
 * resource as the path names it (`namespaces`, `nodes`), with a subresource after a slash
 * (`pods/exec`), as Kubernetes audit events name their objectRef.
 */
export interface AuditTarget {
  cluster: string | null;
  namespace: string | null;
  kind: string | null;
  name: string | null;
}

export const noTarget: AuditTarget = { cluster: null, namespace: null, kind: null, name: null };

export interface TargetInput {
  /** The path below the mount, e.g. /v1/k8s.nimbus.io/vendors/…/clusters/c1/nodes/n1. */
  apiPath: string;
  /** The cluster the call addresses (path, or for k8s the body or X-Nimbus-Cluster). */
  cluster: string | undefined;
  /** Route parameters, when a route matched. */
  params: Record<string, unknown> | undefined;
  body: unknown;
  /** The contract operation the call matched: names the target of calls outside a cluster. */
  operation?: string | undefined;
}

const maxFieldBytes = 253;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function field(value: string | undefined): string | null {
  return value === undefined ? null : truncateUtf8(redactText(value), maxFieldBytes);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** name, namespace and kind a create or a metadata change carries in its body. */
function bodyObject(body: unknown): {
  name?: string;
  namespace?: string;
  kind?: string;
  /** What IAM bodies name their object by: a user's name, a group's or role's uuid. */
  userName?: string;
  uuid?: string;
} {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const record = body as Record<string, unknown>;
  const metadata =
    typeof record.metadata === 'object' && record.metadata !== null
      ? (record.metadata as Record<string, unknown>)
      : {};
  return {
    name: text(record.name) ?? text(metadata.name),
    namespace: text(record.namespace) ?? text(metadata.namespace),
    kind: text(record.kind),
    userName: text(record.userName),
    uuid: text(record.uuid) ?? text(record.id),
  };
}

/**
 * Path parameters that say where a call acts, not what it acts on: the organization (when more
 * follows it), a provider kind, a cluster's place.
 */
const placeParameters = new Set([
  'orgId',
  'organizationId',
  'kind',
  'vendor',
  'region',
  'providerId',
]);

/**
 * What a call outside any cluster acted on, from its contract path: the collection before the
 * first path parameter that is not a place (`users/:userName` → users, alice; a subresource
 * after it as `users/mfa`), else the collection with the body's name (a create, a test).
 */
function contractTarget(input: TargetInput): AuditTarget {
  const path =
    input.operation === undefined
      ? undefined
      : (endpointPaths as Record<string, string>)[input.operation];
  if (path === undefined) return noTarget;
  const params = input.params ?? {};
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .slice(1);
  const kept: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const next = segments[i + 1];
    const isPlace = next?.startsWith(':') === true && placeParameters.has(next.slice(1));
    // organizations/:orgId is the scope when a collection follows it; alone, it is the target.
    if (isPlace && i + 2 < segments.length) {
      i += 1;
      continue;
    }
    kept.push(segments[i] ?? '');
  }
  const at = kept.findIndex((segment) => segment.startsWith(':'));
  const fromBody = bodyObject(input.body);
  if (at > 0) {
    const collection = kept[at - 1] ?? '';
    const sub = kept[at + 1];
    const kind = sub !== undefined && !sub.startsWith(':') ? `${collection}/${sub}` : collection;
    return { ...noTarget, kind: field(kind), name: field(text(params[(kept[at] ?? '').slice(1)])) };
  }
  const collection = kept.find((segment) => !segment.startsWith(':'));
  const name = fromBody.userName ?? fromBody.name ?? fromBody.uuid;
  return { ...noTarget, kind: field(collection), name: field(name) };
}

/** The segments after the addressed cluster (…/clusters/{cluster}/…), else after the service. */
function objectPath(apiPath: string, cluster: string): string[] {
  const segments = apiPath
    .split('/')
    .filter((segment) => segment !== '')
    .map(decoded);
  const below = segments.slice(2);
  const at = below.findIndex(
    (segment, index) => segment === cluster && below[index - 1] === 'clusters',
  );
  return at >= 0 ? below.slice(at + 1) : below;
}

/**
 * Where in a member cluster a call acted: `namespaces/{ns}/{kind}/{name}[/{sub}]`,
 * `{kind}/{name}[/{sub}]`, the crd service's `resources/{kind}/{name}`, the cluster itself, and
 * for creates and metadata changes the body's name, namespace and kind. Calls that address no
 * cluster name their object by their contract path (contractTarget).
 */
export function auditTargetOf(input: TargetInput): AuditTarget {
  if (input.cluster === undefined) return contractTarget(input);
  const params = input.params ?? {};
  const fromBody = bodyObject(input.body);
  let rest = objectPath(input.apiPath, input.cluster);
  let namespace = text(params.namespace);
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    namespace ??= rest[1];
    rest = rest.slice(2);
  }
  // An image-registry secret is created at …/registry/secrets (or …/registry/pull-secrets from a
  // stored registry): a Secret named in the body.
  const registrySecretPath = rest[1] === 'secrets' || rest[1] === 'pull-secrets';
  if (rest[0] === 'registry' && registrySecretPath && rest.length === 2) rest = ['secrets'];
  let kind: string | undefined;
  let name: string | undefined;
  if (rest.length === 0) {
    // The cluster itself: its detail, its registration.
    kind = 'clusters';
    name = input.cluster;
  } else if (rest[0] === 'resources') {
    kind = text(params.kind);
    name = text(params.name);
  } else if (rest[0] !== undefined) {
    kind = rest[2] === undefined ? rest[0] : `${rest[0]}/${rest[2]}`;
    name = rest[1];
  }
  return {
    cluster: field(input.cluster),
    namespace: field(namespace ?? fromBody.namespace),
    kind: field(kind ?? fromBody.kind),
    name: field(name ?? fromBody.name),
  };
}
