import type { Request, Router } from 'express';
import { callerClusters } from '../../access/caller-scope.js';
import { handle } from '../../http/respond.js';
import { invalid, parseRequest } from '../../core/problems.js';
import { requireIdentity } from '../../identity/identity.js';
import type { IndexedKind } from '../../index/kinds.js';
import { findIndexedKind } from '../../index/kinds.js';
import type { KubeObject } from '../../index/trim.js';
import type { MemberRouteDeps } from '../deps.js';
import type { ClusterLocation } from '../member-access.js';
import { locationFromParams, locationPath } from '../location.js';
import type { MetadataField } from './metadata-update.js';
import { replaceMetadataMap } from './metadata-update.js';
import { objectPath, readHeaders } from './object-path.js';
import { publicObject } from './sanitize.js';
import { annotationsBody, detailParams, detailQuery, labelsBody, labelsQuery } from './schemas.js';

function kindOf(name: string, field = 'kind'): IndexedKind {
  const kind = findIndexedKind(name);
  if (!kind) throw invalid(field, `unknown resource kind ${name}`);
  return kind;
}

/** Namespaced kinds need the namespace; cluster-scoped kinds ignore one. */
function namespaceFor(kind: IndexedKind, namespace: string | undefined): string | undefined {
  if (!kind.namespaced) return undefined;
  if (namespace === undefined) throw invalid('namespace', `Required for ${kind.name}`);
  return namespace;
}

/** Body vendor/region/cluster are optional, but must not name a place other than the path. */
function checkBodyLocation(location: ClusterLocation, body: Partial<ClusterLocation>): void {
  for (const part of ['vendor', 'region', 'cluster'] as const) {
    const value = body[part];
    if (value !== undefined && value !== '' && value !== location[part]) {
      throw invalid(part, `must be ${location[part]}, as in the path`);
    }
  }
}

/** GET /crd.{host}/labels; resource detail; PUT …/resources/annotations and …/resources/labels. */
export function addResourceCrdRoutes(router: Router, deps: MemberRouteDeps): void {
  router.get(
    '/labels',
    handle(async (req, res) => {
      const query = parseRequest(labelsQuery, req.query);
      const caller = await callerClusters(deps.store, requireIdentity(res));
      if (query.kind) kindOf(query.kind);
      const items = deps.index.labels({
        scope: caller.scope,
        ...(query.cluster ? { clusters: [query.cluster] } : {}),
        ...(query.namespace ? { namespaces: [query.namespace] } : {}),
        ...(query.kind ? { kinds: [query.kind] } : {}),
        ...(query.search ? { search: query.search } : {}),
      });
      return { items };
    }),
  );
  router.get(
    `${locationPath}/resources/:kind/:name`,
    handle(async (req, res) => {
      const params = parseRequest(detailParams, req.params);
      const query = parseRequest(detailQuery, req.query);
      const kind = kindOf(params.kind);
      const namespace = namespaceFor(kind, query.namespace);
      const member = await deps.members.forCaller(requireIdentity(res), locationFromParams(req));
      const object = await member.json<KubeObject>({
        path: objectPath(kind, params.name, namespace),
        headers: readHeaders(kind),
      });
      return publicObject(kind.name, object);
    }),
  );
  const replaceMap = (field: MetadataField) =>
    handle(async (req: Request, res) => {
      const location = locationFromParams(req);
      const body =
        field === 'labels'
          ? (({ labels, ...rest }) => ({ ...rest, map: labels }))(
              parseRequest(labelsBody, req.body),
            )
          : (({ annotations, ...rest }) => ({ ...rest, map: annotations }))(
              parseRequest(annotationsBody, req.body),
            );
      checkBodyLocation(location, body);
      const kind = kindOf(body.type, 'type');
      const namespace = namespaceFor(kind, body.namespace);
      const member = await deps.members.forCaller(requireIdentity(res), location);
      return replaceMetadataMap(member, kind, { name: body.name, namespace }, field, body.map);
    });
  router.put(`${locationPath}/resources/annotations`, replaceMap('annotations'));
  router.put(`${locationPath}/resources/labels`, replaceMap('labels'));
}
