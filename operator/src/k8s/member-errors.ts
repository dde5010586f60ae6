import { ApiError, errors } from '../core/errors.js';
import { alreadyExists } from '../core/problems.js';
import { MemberCallError } from '../clusters/member-client.js';
import type { MemberResponse } from '../clusters/member-client.js';
import type { RefusalData } from '@nimbus/api';
import type { KubeStatus, RefusedRequest } from './member-refusal.js';
import { boundedMemberText, kubeStatusOf, refusalOf, refusalText } from './member-refusal.js';

/** A member's 403 as 9997, with the refused call as data.refusal when it can be told. */
export function refusalError(cluster: string, status: KubeStatus, request?: RefusedRequest) {
  const refusal = refusalOf(cluster, status, request);
  if (!refusal) {
    const message = boundedMemberText(status.message, 'HTTP 403', 300);
    return new ApiError(errors.noPermission, {
      message: `${errors.noPermission.message} (${message})`,
    });
  }
  return new ApiError(errors.noPermission, {
    message: refusalText(refusal),
    details: { refusal } satisfies RefusalData,
  });
}

/** `{refusal}` when the error is a member's structured refusal, else nothing. */
export function refusalIn(error: ApiError): Partial<RefusalData> {
  const details = error.details as Partial<RefusalData> | undefined;
  return details?.refusal ? { refusal: details.refusal } : {};
}

/**
 * Maps a member API server's refusal to the catalogue: the member's own RBAC saying no is
 * 9997, exactly like a refusal by the console's policy, and says which call was refused.
 */
export function memberRefusal(
  cluster: string,
  response: Pick<MemberResponse, 'status' | 'body'>,
  request?: RefusedRequest,
): ApiError {
  const status = kubeStatusOf(response.body);
  const message = boundedMemberText(status.message, `HTTP ${response.status}`, 300);
  switch (response.status) {
    case 403:
      return refusalError(cluster, status, request);
    case 404:
      return new ApiError(errors.notFound, { message });
    case 409:
      if (status.reason === 'AlreadyExists' && status.details?.name) {
        return alreadyExists(status.details.name);
      }
      return new ApiError(errors.conflict, { message });
    case 400:
    case 422:
      return new ApiError(errors.validationFailed, { message });
    case 401:
      return new ApiError(errors.clusterUnreachable, {
        message: `cluster ${cluster} refused the stored credentials`,
      });
    case 429:
      return new ApiError(errors.rateLimited, { message });
    default:
      return new ApiError(errors.clusterUnreachable, {
        message: `cluster ${cluster} answered HTTP ${response.status}: ${message}`,
      });
  }
}

/** A call that never got an answer (deadline, network, TLS). */
export function memberUnreachable(cluster: string, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const reason = error instanceof MemberCallError ? error.message : 'network error';
  return new ApiError(errors.clusterUnreachable, {
    message: `cluster ${cluster} is unreachable: ${reason}`,
    cause: error,
  });
}
