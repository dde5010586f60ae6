// Calls into a member cluster made for the signed-in user: the caller is checked here first
// (unknown or foreign cluster → 1004, denied → 9997, not ready → 2001 at once), then the
// member's own RBAC decides, because every call carries Impersonate-User.
import { ApiError, errors } from '../core/errors.js';
import type { ClusterObject } from '../hub/store.js';
import { notFound } from '../core/problems.js';
import type { Identity } from '../identity/identity.js';
import type { ClusterConnector } from '../clusters/connector.js';
import type WebSocket from 'ws';
import type {
  MemberCalls,
  MemberRequest,
  MemberResponse,
  MemberStream,
} from '../clusters/member-client.js';
import { MemberUpgradeRefused } from '../member/transport/errors.js';
import type { MemberUpgrade } from '../member/transport/transport.js';
import type { CrdReader } from '../access/caller-scope.js';
import { callerClusters } from '../access/caller-scope.js';
import { memberRefusal, memberUnreachable } from './member-errors.js';

/** The API addresses a cluster by vendor (provider kind), region and name. */
export interface ClusterLocation {
  vendor: string;
  region: string;
  cluster: string;
}

export interface UserMember {
  cluster: ClusterObject;
  /** Raw answer of the member (any status); deadline and impersonation applied. */
  send(request: MemberRequest): Promise<MemberResponse>;
  /** JSON answer of a 2xx response; a refusal becomes the catalogue error (403 → 9997). */
  json<T = unknown>(request: MemberRequest): Promise<T>;
  /** An open WebSocket as the caller; a refusal becomes the catalogue error (403 → 9997). */
  upgrade(request: MemberUpgrade): Promise<WebSocket>;
  /** A 2xx answer's live body (logs); a refusal becomes the catalogue error (403 → 9997). */
  stream(request: MemberRequest): Promise<MemberStream>;
}

export interface MemberAccess {
  /**
   * The member at that location as the caller, or the catalogue error explaining why not. The
   * connection is the cluster's pooled one (connector.for).
   */
  forCaller(identity: Identity, location: ClusterLocation): Promise<UserMember>;
}

/** Enough of a refused stream's Status to show its message. */
const maxRefusalBytes = 64 * 1024;

async function refusalBody(body: MemberStream['body']): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk.subarray(0, maxRefusalBytes - size));
    size += chunk.length;
    if (size >= maxRefusalBytes) break;
  }
  body.destroy();
  return Buffer.concat(chunks);
}

const clusterNotReady = (name: string): ApiError =>
  new ApiError(errors.clusterUnreachable, {
    message: `cluster ${name} is not ready; it was unreachable at the last probe`,
  });

export function createMemberAccess(options: {
  store: CrdReader;
  connector: Pick<ClusterConnector, 'for'>;
}): MemberAccess {
  return {
    async forCaller(identity, location) {
      const caller = await callerClusters(options.store, identity);
      const cluster = caller.visible.find((c) => c.metadata.name === location.cluster);
      if (
        !cluster ||
        cluster.spec.provider !== location.vendor ||
        cluster.spec.region !== location.region
      ) {
        throw notFound(`cluster ${location.cluster} in ${location.vendor}/${location.region}`);
      }
      if (!caller.scope.some((s) => s.cluster === location.cluster)) {
        throw new ApiError(errors.noPermission, {
          message: `${errors.noPermission.message} (cluster ${location.cluster} is not bound to you or is forbidden)`,
        });
      }
      if (cluster.status?.ready === false) throw clusterNotReady(location.cluster);
      let requester: MemberCalls;
      try {
        requester = await options.connector.for(cluster, { user: identity.userName });
      } catch (error) {
        throw memberUnreachable(location.cluster, error);
      }
      const send = async (request: MemberRequest): Promise<MemberResponse> => {
        try {
          return await requester.request(request);
        } catch (error) {
          throw memberUnreachable(location.cluster, error);
        }
      };
      return {
        cluster,
        send,
        async upgrade(request) {
          try {
            return await requester.upgrade(request);
          } catch (error) {
            if (error instanceof MemberUpgradeRefused) {
              throw memberRefusal(location.cluster, error, { method: 'GET', path: request.path });
            }
            throw memberUnreachable(location.cluster, error);
          }
        },
        async stream(request) {
          let opened: MemberStream;
          try {
            opened = await requester.stream(request);
          } catch (error) {
            throw memberUnreachable(location.cluster, error);
          }
          if (opened.status >= 200 && opened.status < 300) return opened;
          let body: Buffer;
          try {
            body = await refusalBody(opened.body);
          } catch (error) {
            throw memberUnreachable(location.cluster, error);
          }
          throw memberRefusal(
            location.cluster,
            { status: opened.status, body },
            { method: request.method ?? 'GET', path: request.path },
          );
        },
        async json<T>(request: MemberRequest): Promise<T> {
          const response = await send(request);
          if (response.status < 200 || response.status >= 300) {
            throw memberRefusal(location.cluster, response, {
              method: request.method ?? 'GET',
              path: request.path,
            });
          }
          try {
            return response.json<T>();
          } catch (error) {
            throw memberUnreachable(location.cluster, error);
          }
        },
      };
    },
  };
}
