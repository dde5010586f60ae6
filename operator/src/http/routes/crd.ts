import { Router } from 'express';
import { z } from 'zod';
import type { CrdReader } from '../../access/caller-scope.js';
import { callerClusters } from '../../access/caller-scope.js';
import { listObjects, listQuery, searchObjects, searchQuery } from '../../crd/queries.js';
import { matchesSearch, pageQuery, paginate } from '../../iam/paging.js';
import { notFound, parseRequest } from '../../core/problems.js';
import { requireIdentity } from '../../identity/identity.js';
import { findIndexedKind } from '../../index/kinds.js';
import type { IndexStore } from '../../index/store.js';
import { toProviderView } from '../../manage/providers.js';
import type { MemberRouteDeps } from '../../k8s/deps.js';
import { addNamespaceCrdRoutes } from '../../k8s/namespaces/routes.js';
import { addResourceCrdRoutes } from '../../k8s/resources/routes.js';
import { handle } from '../respond.js';

const clustersQuery = pageQuery.extend({
  cluster: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (value === undefined ? [] : Array.isArray(value) ? value : [value])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  name: z.string().trim().max(253).optional(),
});

/**
 * The crd service: lists across the caller's member clusters, answered from the index with the
 * caller's rights in the query (docs/api.md "Multi-cluster lists and search").
 */
export function crdRouter(
  store: CrdReader,
  index: IndexStore,
  members?: MemberRouteDeps['members'],
): Router {
  const router = Router();
  if (members) {
    // Before '/:kind', which would otherwise take '/labels' and every location path.
    const deps: MemberRouteDeps = { store, index, members };
    addResourceCrdRoutes(router, deps);
    addNamespaceCrdRoutes(router, deps);
  }
  router.get(
    '/clusters',
    handle(async (req, res) => {
      const query = parseRequest(clustersQuery, req.query);
      const caller = await callerClusters(store, requireIdentity(res));
      const wanted = new Set(query.cluster);
      const clusters = caller.visible.filter(
        (c) =>
          (wanted.size === 0 || wanted.has(c.metadata.name)) &&
          matchesSearch(query.name ?? query.search, c.metadata.name),
      );
      return paginate(clusters, query, (cluster) => ({
        ...toProviderView(cluster, caller.access[cluster.metadata.name]),
        organization: caller.owners[cluster.metadata.name] ?? '',
      }));
    }),
  );
  router.get(
    '/search',
    handle(async (req, res) => {
      const { keyword } = parseRequest(searchQuery, req.query);
      const caller = await callerClusters(store, requireIdentity(res));
      return searchObjects(index, caller, keyword);
    }),
  );
  router.get(
    '/:kind',
    handle(async (req, res) => {
      const kind = findIndexedKind(String(req.params.kind ?? ''));
      if (!kind) throw notFound(`resource kind ${String(req.params.kind ?? '')}`);
      const query = parseRequest(listQuery, req.query);
      const caller = await callerClusters(store, requireIdentity(res));
      return listObjects(index, caller, kind.name, query);
    }),
  );
  return router;
}
