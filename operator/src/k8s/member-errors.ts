import { ApiError, errors } from '../core/errors.js';
import { alreadyExists } from '../core/problems.js';
import { MemberCallError } from '../clusters/member-client.js';
import type { MemberResponse } from '../clusters/member-client.js';

interface KubeStatus {
  kind?: string;
  message?: string;
  reason?: string;
  details?: { name?: string; kind?: string };
}

function statusOf(response: Pick<MemberResponse, 'body'>): KubeStatus {
  try {
    const parsed = JSON.parse(response.body.toString('utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as KubeStatus) : {};
  } catch {
    return {};
  }
}

/** Member API server messages are bounded so a hostile member cannot flood the console. */
function short(text: string | undefined, fallback: string): string {
  const value = (text ?? '').trim() || fallback;
  return value.length > 300 ? `${value.slice(0, 300)}…` : value;
}

/**
 * Maps a member API server's refusal to the catalogue: the member's own RBAC saying no is
 * 9997, exactly like a refusal by the console's policy.
 */
export function memberRefusal(
  cluster: string,
  response: Pick<MemberResponse, 'status' | 'body'>,
): ApiError {
  const status = statusOf(response);
  const message = short(status.message, `HTTP ${response.status}`);
  switch (response.status) {
    case 403:
      return new ApiError(errors.noPermission, {
        message: `${errors.noPermission.message} (${message})`,
      });
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
