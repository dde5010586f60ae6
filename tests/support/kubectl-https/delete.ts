// `kubectl delete` of one object or of a selector's over HTTPS: the DELETEs kubectl sends, then
// its wait for each object to be gone.
import type { KubectlResult } from '../kubectl-process.js';
import type { KubectlCommand } from './args.js';
import { collectionPath, resolveType, type RestResource } from './discovery.js';
import { list, objectNotFound, oneType, onlyFlags, serverError } from './objects.js';
import { kubeRequest, type KubeAccess } from './request.js';
import { sleepSync, TransportError } from './sync-https.js';

/**
 * `delete <type> <name> | -l <selector> [-n ns] [--ignore-not-found] [--wait=false]`: deletes,
 * then waits as kubectl does unless told not to, until each object is gone (or replaced by one
 * of the same name).
 */
export function deleteObjects(
  access: KubeAccess,
  { positional, flags }: KubectlCommand,
): KubectlResult | undefined {
  if (!onlyFlags(flags, ['namespace', 'ignore-not-found', 'wait', 'selector'])) return undefined;
  const [, type, name, ...more] = positional;
  const selector = flags.get('selector');
  if (!oneType(type) || more.length > 0) return undefined;
  if ((name === undefined) === (selector === undefined)) return undefined;
  // kubectl ignores a selected object that went meanwhile unless told otherwise.
  const ignoreNotFound =
    flags.get('ignore-not-found') ?? (selector === undefined ? undefined : 'true');
  const wait = flags.get('wait') ?? 'true';
  if (![undefined, 'true', 'false'].includes(ignoreNotFound) || !['true', 'false'].includes(wait))
    return undefined;
  const resource = resolveType(access, type);
  if (!resource) return undefined;
  const namespace = flags.get('namespace') ?? access.namespace;
  const collection = collectionPath(resource, namespace);
  const names = name === undefined ? selected(access, resource, collection, flags) : [name];
  if (!names) return undefined;
  if (names.length === 0) return { status: 0, stdout: 'No resources found\n', stderr: '' };
  // kubectl's default cascade.
  const options = { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' };
  const deleted: Array<{ name: string; path: string; uid: string | undefined }> = [];
  for (const each of names) {
    const path = `${collection}/${encodeURIComponent(each)}`;
    const response = kubeRequest(access, 'DELETE', path, { body: options });
    if (response.status === 404 && !objectNotFound(response.body)) return undefined;
    if (response.status === 404 && ignoreNotFound === 'true') continue;
    // Not found or refused: kubectl's own report, for one name; a list's race is kubectl's too.
    if (response.status === 404 && names.length === 1) return serverError(response.body);
    if (response.status !== 200 && response.status !== 202) return undefined;
    deleted.push({ name: each, path, uid: uidOf(response.body) });
  }
  if (wait === 'true') for (const { path, uid } of deleted) waitUntilGone(access, path, uid);
  const kind = `${resource.singular}${resource.group ? `.${resource.group}` : ''}`;
  const where = resource.namespaced ? ` from ${namespace} namespace` : '';
  const stdout = deleted.map((d) => `${kind} "${d.name}" deleted${where}\n`).join('');
  return { status: 0, stdout, stderr: '' };
}

/** The names a selector picks, as kubectl lists them before it deletes. */
function selected(
  access: KubeAccess,
  resource: RestResource,
  collection: string,
  flags: Map<string, string>,
): string[] | undefined {
  return list(access, resource, collection, flags)?.map((item) => item.metadata?.name ?? '');
}

/** The uid of the deleted object, from the object or the Status the server answered with. */
function uidOf(body: string): string | undefined {
  const answer = JSON.parse(body) as { metadata?: { uid?: string }; details?: { uid?: string } };
  return answer.metadata?.uid ?? answer.details?.uid;
}

// kubectl's own limit is the object's grace period; the process around it allowed 60 s.
const deleteWaitMs = 60_000;

function waitUntilGone(access: KubeAccess, path: string, uid: string | undefined): void {
  const deadline = Date.now() + deleteWaitMs;
  for (;;) {
    const response = tryRequest(access, path);
    // Gone; or a wait kubectl itself is refused, which it takes as done.
    if (response && [404, 403, 405].includes(response.status)) return;
    if (response?.status === 200 && uid && uidOf(response.body) !== uid) return;
    if (Date.now() > deadline) throw new Error(`kubectl delete: ${path} still there after 60 s`);
    sleepSync(100);
  }
}

/** A GET that answers undefined when the server could not be reached, for waits that go on. */
function tryRequest(access: KubeAccess, path: string) {
  try {
    return kubeRequest(access, 'GET', path);
  } catch (error) {
    if (error instanceof TransportError) return undefined;
    throw error;
  }
}
