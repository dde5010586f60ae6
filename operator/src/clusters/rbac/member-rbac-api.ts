import type { MemberRequester, MemberResponse } from '../member-client.js';
import { managedBySelector } from './ownership.js';

const rbacBase = '/apis/rbac.authorization.k8s.io/v1';

/** Namespaced kinds (roles, rolebindings) are listed across namespaces, written in their own. */
export type RbacPlural = 'clusterroles' | 'clusterrolebindings' | 'roles' | 'rolebindings';

/** What the reconciler reads back of an existing object to decide whether to apply again. */
export interface ExistingRbacObject {
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  rules?: unknown;
  roleRef?: unknown;
  subjects?: unknown;
}

/** A member answered with an unexpected status; the message names the call, never the body. */
export class MemberRbacError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
  ) {
    super(`${call} answered ${status}`);
    this.name = 'MemberRbacError';
  }
}

function expectOk(call: string, response: MemberResponse, alsoOk: number[] = []): void {
  if (response.status >= 200 && response.status < 300) return;
  if (alsoOk.includes(response.status)) return;
  throw new MemberRbacError(call, response.status);
}

/** RBAC calls against one member, made as the operator with a shared abort signal. */
export interface MemberRbacApi {
  list(plural: RbacPlural): Promise<ExistingRbacObject[]>;
  apply(
    plural: RbacPlural,
    object: { metadata: { name: string; namespace?: string } },
  ): Promise<void>;
  remove(plural: RbacPlural, name: string, namespace?: string): Promise<void>;
  /** The user name the member sees for the operator's credentials (SelfSubjectReview). */
  whoAmI(): Promise<string | undefined>;
  /** The kube-system namespace uid: tells when two Clusters are the same member. */
  memberId(): Promise<string>;
}

function objectPath(plural: RbacPlural, name: string, namespace?: string): string {
  const inNamespace = namespace === undefined ? '' : `/namespaces/${encodeURIComponent(namespace)}`;
  return `${rbacBase}${inNamespace}/${plural}/${encodeURIComponent(name)}`;
}

const described = (plural: RbacPlural, name: string, namespace?: string) =>
  `${plural}/${namespace === undefined ? '' : `${namespace}/`}${name}`;

export function memberRbacApi(
  member: MemberRequester,
  options: { timeoutMs: number; signal?: AbortSignal },
): MemberRbacApi {
  const call = (request: Parameters<MemberRequester['request']>[0]) =>
    member.request({
      timeoutMs: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
      ...request,
    });
  return {
    async list(plural) {
      const selector = encodeURIComponent(managedBySelector);
      const response = await call({ path: `${rbacBase}/${plural}?labelSelector=${selector}` });
      expectOk(`list ${plural}`, response);
      return response.json<{ items?: ExistingRbacObject[] }>().items ?? [];
    },
    async apply(plural, object) {
      const { name, namespace } = object.metadata;
      const response = await call({
        method: 'PATCH',
        path: `${objectPath(plural, name, namespace)}?fieldManager=nimbus&force=true`,
        contentType: 'application/apply-patch+yaml',
        body: object,
      });
      expectOk(`apply ${described(plural, name, namespace)}`, response);
    },
    async remove(plural, name, namespace) {
      const response = await call({ method: 'DELETE', path: objectPath(plural, name, namespace) });
      expectOk(`delete ${described(plural, name, namespace)}`, response, [404]);
    },
    async whoAmI() {
      const response = await call({
        method: 'POST',
        path: '/apis/authentication.k8s.io/v1/selfsubjectreviews',
        body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
      });
      expectOk('self subject review', response);
      const review = response.json<{ status?: { userInfo?: { username?: string } } }>();
      return review.status?.userInfo?.username;
    },
    async memberId() {
      const response = await call({ path: '/api/v1/namespaces/kube-system' });
      expectOk('get namespace kube-system', response);
      const uid = response.json<{ metadata?: { uid?: string } }>().metadata?.uid;
      if (!uid) throw new MemberRbacError('get namespace kube-system', response.status);
      return uid;
    },
  };
}
