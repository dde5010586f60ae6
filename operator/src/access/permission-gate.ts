// The one place a declared permission (api/src/endpoint.ts `Access.permission`) is checked before
// the handler runs: for the cluster the path addresses, or for at least one of the caller's
// clusters. Permissions held per organization are the handler's (it finds the object first).
import type { Endpoint } from '@nimbus/api';
import { ApiError, errors } from '../core/errors.js';
import type { Identity } from '../identity/identity.js';
import type { CrdReader } from './caller-scope.js';
import { callerClusters } from './caller-scope.js';
import { clustersGranting, grantOn, missingPermission } from './permissions.js';

export type PermissionGate = (
  endpoint: Endpoint,
  params: unknown,
  identity: Identity | undefined,
) => Promise<void>;

function addressedCluster(endpoint: Endpoint, params: unknown): string {
  const cluster = (params as { cluster?: unknown } | undefined)?.cluster;
  if (typeof cluster !== 'string') {
    throw new ApiError(errors.internal, {
      cause: new Error(`${endpoint.path} needs a permission on a cluster but has no :cluster`),
    });
  }
  return cluster;
}

/**
 * The gate refuses only what the caller could otherwise reach: a cluster of their scope (bound
 * with effect Allow) where the permission is not granted, or, for a call over all their
 * clusters, a non-empty scope granting it nowhere. Anything outside the scope is left to the
 * handler, which answers it as it always has (not bound, or not found for another
 * organization's cluster), so the gate never tells a caller more than that handler would.
 */
export function permissionGate(store: CrdReader): PermissionGate {
  return async (endpoint, params, identity) => {
    const required = endpoint.access.permission;
    if (!required || required.on === 'organization') return;
    if (!identity) throw new ApiError(errors.tokenInvalid);
    const caller = await callerClusters(store, identity);
    if (required.on === 'clusters') {
      const granting = clustersGranting(store, identity, caller, required.name);
      if (caller.scope.length > 0 && granting.size === 0) {
        throw missingPermission(required.name, 'any-cluster');
      }
      return;
    }
    const cluster = addressedCluster(endpoint, params);
    const inScope = caller.scope.some((entry) => entry.cluster === cluster);
    if (inScope && !grantOn(store, identity, caller, cluster).has(required.name)) {
      throw missingPermission(required.name, { cluster });
    }
  };
}
