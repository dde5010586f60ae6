import { callerClusters } from '../../access/caller-scope.js';
import type { ChangeFeed } from '../../index/change-feed.js';
import { noticeQuery, noticeScope } from '../../index/notice-scope.js';
import { hubNoticeScope } from '../../index/hub-list-notices.js';
import { isHubListKind } from '@nimbus/api/shared';
import {
  answerChangeStream,
  maxChangeStreamsPerUser,
  openStreamCounter,
} from '../change-stream.js';
import type { StreamGuardSettings } from '../guarded-stream.js';
import { currentIdentity } from '../upgrade/revocation.js';
import { kindCsvChunks } from '../../index/export-kind.js';
import { listObjects, searchObjects } from '../../index/queries.js';
import { openCursor, sealCursor } from '../../index/sealed-cursor.js';
import { matchesSearch, paginate } from '../../iam/paging.js';
import { invalid, notFound } from '../../core/problems.js';
import { requireIdentity } from '../identity-locals.js';
import { findIndexedKind } from '../../index/kinds.js';
import { kindOf, namespaceFor } from '../../k8s/resources/kind-of.js';
import type { KubeObject } from '../../index/trim.js';
import type { MemberRouteDeps } from '../../k8s/deps.js';
import type { ClusterLocation } from '../../k8s/member-access.js';
import { namespaceDetail } from '../../k8s/namespaces/namespace-detail.js';
import type { MetadataField } from '../../k8s/resources/metadata-update.js';
import { replaceMetadataMap } from '../../k8s/resources/metadata-update.js';
import { objectPath, readHeaders } from '../../k8s/resources/object-path.js';
import { publicObject } from '../../k8s/resources/sanitize.js';
import { toProviderView } from '../../clusters/provider-views.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';
import { requestContext } from '../request-context.js';
import { fileStamp, streamAttachment } from '../stream-attachment.js';

/** Body vendor/region/cluster are optional, but must not name a place other than the path. */
function checkBodyLocation(location: ClusterLocation, body: Partial<ClusterLocation>): void {
  for (const part of ['vendor', 'region', 'cluster'] as const) {
    const value = body[part];
    if (value !== undefined && value !== '' && value !== location[part]) {
      throw invalid(part, `must be ${location[part]}, as in the path`);
    }
  }
}

function locationOf(params: ClusterLocation): ClusterLocation {
  return { vendor: params.vendor, region: params.region, cluster: params.cluster };
}

/**
 * The crd service: lists across the caller's member clusters, answered from the index with the
 * caller's rights in the query (docs/api.md "Multi-cluster lists and search"), and details read
 * live from the member as the caller.
 */
export function crdEndpoints(
  deps: Pick<MemberRouteDeps, 'store' | 'index'> & {
    members?: MemberRouteDeps['members'];
    /** The index's change feed and the open streams' guard: the live lists' stream. */
    live?: { changes: ChangeFeed; streams: StreamGuardSettings };
    /** Seals the lists' cursors (index/sealed-cursor.ts). */
    cursorKey: Buffer;
  },
): Implementation[] {
  const { store, index, live, cursorKey } = deps;
  // Without member access (some unit tests) only the index lists are served.
  const members = deps.members;
  const lists = [
    implement('listCrdClusters', async ({ query }, { res }) => {
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
    implement('listLabels', async ({ query }, { res }) => {
      const caller = await callerClusters(store, requireIdentity(res));
      if (query.kind) kindOf(query.kind);
      const items = await index.labels({
        scope: caller.scope,
        ...(query.cluster ? { clusters: [query.cluster] } : {}),
        ...(query.namespace ? { namespaces: [query.namespace] } : {}),
        ...(query.kind ? { kinds: [query.kind] } : {}),
        ...(query.search ? { search: query.search } : {}),
      });
      return { items };
    }),
    implement('search', async ({ query }, { res }) => {
      const caller = await callerClusters(store, requireIdentity(res));
      return searchObjects(index, caller, query.keyword);
    }),
    implement('listKind', async ({ params, query }, { res }) => {
      const kind = findIndexedKind(params.kind);
      if (!kind) throw notFound(`resource kind ${params.kind}`);
      const caller = await callerClusters(store, requireIdentity(res));
      const { cursor, ...rest } = query;
      const page = await listObjects(index, caller, kind.name, {
        ...rest,
        ...(cursor ? { cursor: openCursor(cursorKey, cursor) } : {}),
      });
      return page.nextCursor
        ? { ...page, nextCursor: sealCursor(cursorKey, page.nextCursor) }
        : page;
    }),
    implement('exportKind', async ({ params, query }, { res }) => {
      const kind = findIndexedKind(params.kind);
      if (!kind) throw notFound(`resource kind ${params.kind}`);
      const caller = await callerClusters(store, requireIdentity(res));
      await streamAttachment(
        res,
        {
          filename: `nimbus-${kind.name}-${fileStamp()}.csv`,
          mediaType: 'text/csv; charset=utf-8',
          chunks: kindCsvChunks(index, caller, kind, query),
        },
        requestContext(res).log,
      );
      return undefined;
    }),
  ];
  if (live) {
    const streams = openStreamCounter(maxChangeStreamsPerUser);
    lists.push(
      implement('watchChanges', async ({ query }, { res }) => {
        for (const kind of query.kind) {
          if (!findIndexedKind(kind) && !isHubListKind(kind)) {
            throw invalid('kind', `${kind} is neither an indexed kind nor an admin list`);
          }
        }
        const identity = requireIdentity(res);
        const release = streams.open(identity.userId);
        res.once('close', release);
        await answerChangeStream(res, {
          feed: live.changes,
          settings: live.streams,
          identity,
          asked: noticeQuery(query),
          rights: async () => {
            const now = currentIdentity(live.streams.store, identity);
            if (!now) return () => false;
            const index = noticeScope((await callerClusters(store, now)).scope);
            const hub = hubNoticeScope(now);
            return (notice) => (isHubListKind(notice.kind) ? hub(notice) : index(notice));
          },
        });
        return undefined;
      }),
    );
  }
  if (!members) return lists;
  const replaceMap =
    (field: MetadataField) =>
    async (
      location: ClusterLocation,
      body: {
        type: string;
        name: string;
        namespace?: string | undefined;
      } & Partial<ClusterLocation>,
      map: Record<string, string>,
      identity: ReturnType<typeof requireIdentity>,
    ) => {
      checkBodyLocation(location, body);
      const kind = kindOf(body.type, 'type');
      const namespace = namespaceFor(kind, body.namespace);
      const member = await members.forCaller(identity, location);
      return replaceMetadataMap(member, kind, { name: body.name, namespace }, field, map);
    };

  return [
    ...lists,
    implement('getNamespace', async ({ params }, { res }) => {
      const member = await members.forCaller(requireIdentity(res), locationOf(params));
      return namespaceDetail(member, params.namespace);
    }),
    implement('getResource', async ({ params, query }, { res }) => {
      const kind = kindOf(params.kind);
      const namespace = namespaceFor(kind, query.namespace);
      const member = await members.forCaller(requireIdentity(res), locationOf(params));
      const object = await member.json<KubeObject>({
        path: objectPath(kind, params.name, namespace),
        headers: readHeaders(kind),
      });
      return publicObject(kind.name, object);
    }),
    implement('replaceAnnotations', ({ params, body }, { res }) =>
      replaceMap('annotations')(locationOf(params), body, body.annotations, requireIdentity(res)),
    ),
    implement('replaceLabels', ({ params, body }, { res }) =>
      replaceMap('labels')(locationOf(params), body, body.labels, requireIdentity(res)),
    ),
  ];
}
