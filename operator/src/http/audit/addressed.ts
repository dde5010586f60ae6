import type { Request, Response } from 'express';
import type { AuditDirectory, AuditOrganization } from '../../audit/organization.js';
import { addressedOrganizationOf } from '../../audit/organization.js';
import { identityOf } from '../identity-locals.js';
import { requestContext } from '../request-context.js';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function bodyField(req: Request, field: string): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  return text((body as Record<string, unknown>)[field]);
}

/**
 * The cluster a member call addresses: a `:cluster` path parameter (…/clusters/:cluster), or for
 * the k8s service, whose namespace calls carry the location in the body or the X-Nimbus-Cluster
 * header, those. Undefined for calls that address no cluster.
 */
export function addressedCluster(req: Request, res: Response, service: string): string | undefined {
  const fromPath = text(requestContext(res).params?.cluster);
  if (fromPath !== undefined || service !== 'k8s') return fromPath;
  return bodyField(req, 'cluster') ?? text(req.get('x-nimbus-cluster'));
}

/** The organization a request names: an `:orgId`/`:organizationId` path parameter, else the body's. */
function addressedReference(req: Request, res: Response): string | undefined {
  const params = requestContext(res).params;
  return text(params?.orgId ?? params?.organizationId) ?? bodyField(req, 'organizationId');
}

/** addressedOrganizationOf for a request answered by a router. */
export function addressedBy(
  req: Request,
  res: Response,
  service: string,
  directory: AuditDirectory | undefined,
): AuditOrganization | null {
  const cluster = addressedCluster(req, res, service);
  const organization = addressedReference(req, res);
  const identity = identityOf(res);
  return addressedOrganizationOf(
    {
      ...(cluster !== undefined ? { cluster } : {}),
      ...(organization !== undefined ? { organization } : {}),
      ...(identity ? { identity } : {}),
    },
    directory,
  );
}
