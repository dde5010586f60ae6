import type { z } from 'zod';
import type { ErrorName } from './shared/errors.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Roles derived for the caller (for an organization scope: in the addressed one). */
export type DerivedRole = 'system-admin' | 'organization-admin' | 'user';

/** Who may call an endpoint: derived roles, any signed-in caller, or anyone. */
export type Allow = readonly DerivedRole[] | 'public' | 'authenticated';

/**
 * - organization: the addressed organization (target) must be one where the caller's role is
 *   allowed: admin=true for organization-admin, membership for user; system-admin everywhere.
 * - own-user: the addressed user (target) is the caller; or the caller is a system-admin, or an
 *   organization-admin of an organization the target belongs to (when those roles are allowed).
 * - self: the addressed user is the caller, whatever the role (MFA, own organization list).
 */
export type Scope = 'organization' | 'own-user' | 'self';

/** Where the addressed organization or user is found: a path parameter or a body field. */
export type Target = `params.${string}` | `body.${string}`;

/**
 * Where the caller must hold a role-catalogue permission the member clusters cannot enforce:
 * - cluster: on the cluster the path addresses (`params.cluster`); checked before the handler.
 * - clusters: on at least one of the caller's clusters (checked before the handler); the
 *   handler then counts only the clusters where it is held.
 * - organization: checked by the handler on what it reads or writes: an object's cluster, or
 *   for an object without one (a registry, a chart source) any cluster of its organization;
 *   the organization's administrators hold it always.
 */
export type PermissionScope = 'cluster' | 'clusters' | 'organization';

export interface RequiredPermission {
  /** A permission of the role catalogue, e.g. `cost:view`. */
  name: string;
  on: PermissionScope;
}

export interface Access {
  allow: Allow;
  scope?: Scope;
  target?: Target;
  /** The role-catalogue permission the call needs; a refusal (9997) names it. */
  permission?: RequiredPermission;
  /** Why the handler narrows further (shown in docs/access.md). */
  note?: string;
}

/**
 * What a successful call answers: a JSON envelope whose data matches `schema`, or a body the
 * handler writes itself (a download, an image), described by its media type.
 */
export type ResponseSpec<S extends z.ZodType = z.ZodType> =
  | { kind: 'json'; schema: S }
  /** mediaType: one, or several a query parameter chooses between, comma-separated. */
  | { kind: 'raw'; mediaType: string; description: string }
  | { kind: 'upgrade'; protocols: readonly string[]; description: string };

export interface EndpointSpec<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Express pattern below /api/v1, with {host} for the product domain, e.g. /iam.{host}/users. */
  path: string;
  access: Access;
  summary: string;
  /** The OpenAPI tag: the service the endpoint belongs to. */
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  response: ResponseSpec<R>;
  /**
   * Error codes this call answers beyond those its shape implies (endpoint-errors.ts derives
   * the rest from access, inputs, method and service).
   */
  errors?: readonly ErrorName[];
  /**
   * The console raises no error notification when this call fails: a background read whose
   * failure nobody needs to be told about.
   */
  silent?: boolean;
  /**
   * A call that tests or reads and changes nothing although it is a POST (connection tests,
   * service discovery): the audit files it under checks, not changes (docs/audit.md).
   */
  changesNothing?: true;
}

/** An endpoint declaration: the one place its method, path, access and shapes are written. */
export type Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = Readonly<EndpointSpec<P, Q, B, R>>;

export function endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>(spec: EndpointSpec<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return Object.freeze(spec);
}

export function json<S extends z.ZodType>(schema: S): ResponseSpec<S> {
  return { kind: 'json', schema };
}

/**
 * A WebSocket: the call is a GET with `Upgrade: websocket` offering one of `protocols`; after the
 * handshake (101) the socket carries the stream described.
 */
export function upgrade(protocols: readonly string[], description: string): ResponseSpec<never> {
  return { kind: 'upgrade', protocols, description };
}

export function raw(mediaType: string, description: string): ResponseSpec<never> {
  return { kind: 'raw', mediaType, description };
}

/** The data a successful call returns (the envelope's `data`). */
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
/** The body a client sends (before the server's defaults and transforms). */
export type BodyOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
/** The query a client sends. */
export type QueryOf<E> =
  E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
/** The path parameters a client fills in. */
export type ParamsOf<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;

// Access shorthands used by the declarations.
export const admins = ['system-admin', 'organization-admin'] as const;
export const everyone = ['system-admin', 'organization-admin', 'user'] as const;
export const inOrg = (target: Target) => ({ scope: 'organization' as const, target });
export const ownUser = (target: Target) => ({ scope: 'own-user' as const, target });
export const self = (target: Target) => ({ scope: 'self' as const, target });
