// `kubectl apply -f -` of JSON objects none of which exists yet, over HTTPS: the GET and the
// create kubectl makes, with kubectl's last-applied annotation and field manager, so that a later
// `kubectl apply` merges with it exactly as with one kubectl made. An object that exists already
// needs kubectl's three-way merge: then kubectl applies the whole input.
import type { KubectlResult } from '../kubectl-process.js';
import type { KubectlCommand } from './args.js';
import { collectionPath, resourceOf, type RestResource } from './discovery.js';
import { goJson, objectNotFound, printedName, type KubeObject } from './objects.js';
import { kubeRequest, type KubeAccess } from './request.js';

const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration';

interface Planned {
  object: KubeObject;
  resource: RestResource;
  namespace: string | undefined;
  name: string;
}

export function applyNew(
  access: KubeAccess,
  { positional, flags }: KubectlCommand,
  input: string,
): KubectlResult | undefined {
  if (positional.length !== 1 || flags.size !== 1 || flags.get('filename') !== '-')
    return undefined;
  const objects = objectsOf(input);
  if (!objects) return undefined;
  const planned: Planned[] = [];
  for (const object of objects) {
    const plan = planOf(access, object);
    if (!plan) return undefined;
    planned.push(plan);
  }
  // Every object must be new: kubectl merges into one that exists.
  for (const { resource, namespace, name } of planned) {
    const path = `${collectionPath(resource, namespace)}/${encodeURIComponent(name)}`;
    const response = kubeRequest(access, 'GET', path);
    if (response.status !== 404 || !objectNotFound(response.body)) return undefined;
  }
  const lines: string[] = [];
  for (const { object, resource, namespace, name } of planned) {
    const query = 'fieldManager=kubectl-client-side-apply&fieldValidation=Strict';
    const response = kubeRequest(
      access,
      'POST',
      `${collectionPath(resource, namespace)}?${query}`,
      {
        body: withLastApplied(object),
      },
    );
    // Refused, or made by someone else meanwhile: kubectl applies the whole input again, and the
    // objects made here already read to it as its own.
    if (response.status !== 201) return undefined;
    lines.push(`${printedName(resource, name)} created\n`);
  }
  return { status: 0, stdout: lines.join(''), stderr: '' };
}

/** The objects of a JSON object or v1 List, or undefined for anything else (YAML included). */
function objectsOf(input: string): KubeObject[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  if (parsed.kind === 'List' && parsed.apiVersion === 'v1') {
    const { items } = parsed;
    return Array.isArray(items) && items.every(isObject) ? (items as KubeObject[]) : undefined;
  }
  return [parsed as KubeObject];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where the object goes, with the namespace kubectl gives a namespaced object without one. */
function planOf(access: KubeAccess, given: KubeObject): Planned | undefined {
  const { apiVersion, kind, metadata } = given;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !isObject(metadata))
    return undefined;
  const { name, namespace } = metadata;
  if (typeof name !== 'string' || !name || 'generateName' in metadata) return undefined;
  const resource = resourceOf(access, apiVersion, kind);
  if (!resource) return undefined;
  if (!resource.namespaced) {
    return namespace === undefined ? { object: given, resource, namespace, name } : undefined;
  }
  if (namespace !== undefined && (typeof namespace !== 'string' || !namespace)) return undefined;
  const inNamespace = namespace ?? access.namespace;
  const object = { ...given, metadata: { ...metadata, namespace: inNamespace } };
  return { object, resource, namespace: inNamespace, name };
}

/**
 * The object with kubectl's record of what was applied: the object itself without that record,
 * as Go's encoder writes it (keys in order, HTML characters escaped, a newline at the end).
 */
function withLastApplied(object: KubeObject): KubeObject {
  const given = (object.metadata?.annotations ?? {}) as Record<string, string>;
  const annotations = Object.fromEntries(
    Object.entries(given).filter(([key]) => key !== lastApplied),
  );
  const applied = { ...object, metadata: { ...object.metadata, annotations } };
  const record = `${goJson(applied)}\n`;
  return {
    ...object,
    metadata: { ...object.metadata, annotations: { ...annotations, [lastApplied]: record } },
  };
}
