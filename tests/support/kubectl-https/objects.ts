// What the kubectl commands answered over HTTPS share: the objects as kubectl prints them, lists
// read in kubectl's chunks, and the server's refusals in kubectl's words.
import type { KubectlResult } from '../kubectl-process.js';
import { apiVersionOf, type RestResource } from './discovery.js';
import { kubeRequest, type KubeAccess } from './request.js';

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; [field: string]: unknown };
  [field: string]: unknown;
}

interface KubeList {
  items?: KubeObject[];
  metadata?: { continue?: string };
}

interface KubeStatus {
  kind?: string;
  reason?: string;
  message?: string;
  details?: { name?: string };
}

/** Whether the command has no flag but the ones its reader understands. */
export const onlyFlags = (flags: Map<string, string>, known: string[]): boolean =>
  [...flags.keys()].every((flag) => known.includes(flag));

/** A single type, as kubectl names one (several, `type/name` and categories stay kubectl's). */
export const oneType = (type: string | undefined): type is string =>
  !!type && !type.includes(',') && !type.includes('/');

/** How kubectl names an object in `-o name` and `created` lines: `configmap/a`, `user.nimbus.io/alice`. */
export const printedName = (resource: RestResource, name: string): string =>
  `${resource.kind.toLowerCase()}${resource.group ? `.${resource.group}` : ''}/${name}`;

/** JSON as Go's encoder writes kubectl's objects: keys in order, HTML characters escaped. */
export function goJson(value: unknown, indent?: number): string {
  return JSON.stringify(sortedKeys(value), null, indent).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, sortedKeys(object[key])]),
  );
}

// kubectl prints JSON with four spaces and a newline.
export const printedJson = (value: unknown): KubectlResult => ({
  status: 0,
  stdout: `${goJson(value, 4)}\n`,
  stderr: '',
});

/**
 * Whether a 404 is about the object. One about the path (a collection the server no longer
 * serves: discovery is out of date) is kubectl's to report.
 */
export function objectNotFound(body: string): boolean {
  const status = JSON.parse(body) as KubeStatus;
  return status.kind === 'Status' && status.reason === 'NotFound' && !!status.details?.name;
}

/** kubectl leaves out the managed fields unless asked (`--show-managed-fields`). */
export function asPrinted(object: KubeObject): KubeObject {
  const { metadata } = object;
  if (!metadata || !('managedFields' in metadata)) return object;
  const { managedFields: _left, ...rest } = metadata;
  return { ...object, metadata: rest };
}

/** How kubectl reports an error status from the server. */
export function serverError(body: string): KubectlResult | undefined {
  const status = JSON.parse(body) as KubeStatus;
  if (status.kind !== 'Status' || !status.reason || !status.message) return undefined;
  return {
    status: 1,
    stdout: '',
    stderr: `Error from server (${status.reason}): ${status.message}\n`,
  };
}

/** A list's items as kubectl prints them: each carries its apiVersion and kind. */
export function list(
  access: KubeAccess,
  resource: RestResource,
  path: string,
  flags: Map<string, string>,
): KubeObject[] | undefined {
  const items: KubeObject[] = [];
  let next: string | undefined = '';
  while (next !== undefined) {
    // kubectl reads lists in chunks of 500.
    const query = new URLSearchParams({ limit: '500' });
    const selector = flags.get('selector');
    const fieldSelector = flags.get('field-selector');
    if (selector) query.set('labelSelector', selector);
    if (fieldSelector) query.set('fieldSelector', fieldSelector);
    if (next) query.set('continue', next);
    const response = kubeRequest(access, 'GET', `${path}?${query.toString()}`);
    if (response.status !== 200) return undefined;
    const page = JSON.parse(response.body) as KubeList;
    for (const item of page.items ?? []) {
      items.push(asPrinted({ ...item, apiVersion: apiVersionOf(resource), kind: resource.kind }));
    }
    next = page.metadata?.continue || undefined;
  }
  return items;
}
