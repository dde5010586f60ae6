import type { Router } from 'express';
import { requireIdentity } from '../../identity/identity.js';
import { invalid, parseRequest } from '../../core/problems.js';
import { handle } from '../../http/respond.js';
import type { MemberRouteDeps } from '../deps.js';
import { locationFromBodyOrHeaders, locationFromParams, locationPath } from '../location.js';
import { createNamespace } from './namespace-create.js';
import {
  listNamespaces,
  namespaceDetail,
  namespaceItem,
  namespacePath,
} from './namespace-detail.js';
import { createSpecObject, replaceSpecObject } from './quota-limits.js';
import {
  createNamespaceBody,
  limitRangeBody,
  nameParam,
  namespaceParam,
  quotaBody,
} from './schemas.js';

/** Namespaces Kubernetes itself depends on; deleting one breaks the cluster. */
export const systemNamespaces: ReadonlySet<string> = new Set([
  'kube-system',
  'kube-public',
  'kube-node-lease',
  'default',
]);

/** GET /crd.{host}/vendors/…/clusters/:cluster/namespaces/:namespace. */
export function addNamespaceCrdRoutes(router: Router, deps: MemberRouteDeps): void {
  router.get(
    `${locationPath}/namespaces/:namespace`,
    handle(async (req, res) => {
      const { namespace } = parseRequest(namespaceParam, { namespace: req.params.namespace });
      const member = await deps.members.forCaller(requireIdentity(res), locationFromParams(req));
      return namespaceDetail(member, namespace);
    }),
  );
}

/** Namespaces, resource quotas and limit ranges below /k8s.{host}. */
export function addNamespaceK8sRoutes(router: Router, deps: MemberRouteDeps): void {
  router.get(
    `${locationPath}/namespaces`,
    handle(async (req, res) => {
      const member = await deps.members.forCaller(requireIdentity(res), locationFromParams(req));
      return listNamespaces(member);
    }),
  );
  router.delete(
    `${locationPath}/namespaces/:name`,
    handle(async (req, res) => {
      const { name } = parseRequest(nameParam, { name: req.params.name });
      if (systemNamespaces.has(name)) {
        throw invalid('name', `${name} is a system namespace and cannot be deleted`);
      }
      const member = await deps.members.forCaller(requireIdentity(res), locationFromParams(req));
      return namespaceItem(await member.json({ method: 'DELETE', path: namespacePath(name) }));
    }),
  );
  router.post(
    '/namespaces',
    handle(async (req, res) => {
      const location = locationFromBodyOrHeaders(req);
      const input = parseRequest(createNamespaceBody, req.body);
      const member = await deps.members.forCaller(requireIdentity(res), location);
      return createNamespace(member, input);
    }),
  );
  for (const collection of ['resourcequotas', 'limitranges'] as const) {
    const schema = collection === 'resourcequotas' ? quotaBody : limitRangeBody;
    router.post(
      `/namespaces/:namespace/${collection}`,
      handle(async (req, res) => {
        const { namespace } = parseRequest(namespaceParam, { namespace: req.params.namespace });
        const location = locationFromBodyOrHeaders(req);
        const body = parseRequest(schema(namespace), req.body);
        const member = await deps.members.forCaller(requireIdentity(res), location);
        return createSpecObject(member, collection, namespace, body);
      }),
    );
    router.put(
      `/namespaces/:namespace/${collection}/:name`,
      handle(async (req, res) => {
        const { namespace } = parseRequest(namespaceParam, { namespace: req.params.namespace });
        const { name } = parseRequest(nameParam, { name: req.params.name });
        const location = locationFromBodyOrHeaders(req);
        const body = parseRequest(schema(namespace), req.body);
        if (body.metadata.name !== name) {
          throw invalid('metadata.name', `must be ${name}, the name in the path`);
        }
        const member = await deps.members.forCaller(requireIdentity(res), location);
        return replaceSpecObject(member, collection, namespace, name, body.spec);
      }),
    );
  }
}
