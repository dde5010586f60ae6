// `kubectl get … -o json|name` over HTTPS: the GET or the chunked list kubectl makes.
import type { KubectlResult } from '../kubectl-process.js';
import type { KubectlCommand } from './args.js';
import { collectionPath, resolveType } from './discovery.js';
import {
  asPrinted,
  list,
  objectNotFound,
  oneType,
  onlyFlags,
  printedJson,
  printedName,
  serverError,
  type KubeObject,
} from './objects.js';
import { kubeRequest, type KubeAccess } from './request.js';

/**
 * `get <type> [<name>] [-n ns | -A] [-l sel] [--field-selector sel] [--ignore-not-found]
 * -o json|name`.
 */
export function get(
  access: KubeAccess,
  { positional, flags }: KubectlCommand,
): KubectlResult | undefined {
  const known = [
    'namespace',
    'selector',
    'field-selector',
    'output',
    'all-namespaces',
    'ignore-not-found',
  ];
  if (!onlyFlags(flags, known)) return undefined;
  const output = flags.get('output');
  if (output !== 'json' && output !== 'name') return undefined;
  const [, type, name, ...more] = positional;
  if (!oneType(type) || more.length > 0) return undefined;
  const resource = resolveType(access, type);
  if (!resource) return undefined;
  const allNamespaces = flags.has('all-namespaces');
  const namespace = allNamespaces ? undefined : (flags.get('namespace') ?? access.namespace);
  const path = collectionPath(resource, namespace);
  const print = (objects: KubeObject[], one: boolean): KubectlResult =>
    output === 'name'
      ? {
          status: 0,
          stdout: objects.map((o) => `${printedName(resource, o.metadata?.name ?? '')}\n`).join(''),
          stderr: '',
        }
      : printedJson(
          one
            ? objects[0]
            : { apiVersion: 'v1', items: objects, kind: 'List', metadata: { resourceVersion: '' } },
        );
  if (name === undefined) {
    const items = list(access, resource, path, flags);
    // kubectl prints nothing at all when it may ignore that nothing was found.
    if (items?.length === 0 && flags.get('ignore-not-found') === 'true')
      return { status: 0, stdout: '', stderr: '' };
    return items && print(items, false);
  }
  if (allNamespaces || flags.has('selector') || flags.has('field-selector')) return undefined;
  const response = kubeRequest(access, 'GET', `${path}/${encodeURIComponent(name)}`);
  if (response.status === 200)
    return print([asPrinted(JSON.parse(response.body) as KubeObject)], true);
  if (response.status !== 404 || !objectNotFound(response.body)) return undefined;
  return flags.get('ignore-not-found') === 'true'
    ? { status: 0, stdout: '', stderr: '' }
    : serverError(response.body);
}
