import type { Request, Response } from 'express';
import type { HubStore } from '../hub/store.js';
import { requestContext } from '../http/request-context.js';
import { identityOf } from '../identity/identity.js';

/** An organization's NAME from its uid or name; undefined when the hub cache has no such one. */
export type OrganizationNamer = (reference: string) => string | undefined;

/** Cache reads only: it runs once per audited call. */
export function hubOrganizationNamer(hub: Pick<HubStore, 'organizations'>): OrganizationNamer {
  return (reference) =>
    (hub.organizations.getByUid(reference) ?? hub.organizations.get(reference))?.metadata.name;
}

/** The organization a request names: an `:orgId`/`:organizationId` path parameter, else the body's. */
function addressedReference(req: Request, res: Response): string | undefined {
  const params = requestContext(res).params;
  const fromPath = params?.orgId ?? params?.organizationId;
  if (typeof fromPath === 'string' && fromPath !== '') return fromPath;
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || !('organizationId' in body)) return undefined;
  return typeof body.organizationId === 'string' ? body.organizationId : undefined;
}

/**
 * The organization a call acted in: the one it addressed when that still exists (a deleted or
 * unknown one falls back), else the caller's current organization; null without either.
 */
export function organizationOf(
  req: Request,
  res: Response,
  nameOf: OrganizationNamer | undefined,
): string | null {
  const addressed = addressedReference(req, res);
  const named = addressed === undefined ? undefined : nameOf?.(addressed);
  return named ?? identityOf(res)?.currentOrganization ?? null;
}
