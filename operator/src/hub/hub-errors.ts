import { ApiException } from '@kubernetes/client-node';
import { ApiError, errors } from '../core/errors.js';

/** The HTTP status of a failed hub call, or undefined for network errors. */
export function hubStatus(error: unknown): number | undefined {
  return error instanceof ApiException ? error.code : undefined;
}

export function isNotFound(error: unknown): boolean {
  return hubStatus(error) === 404;
}

export function isConflict(error: unknown): boolean {
  return hubStatus(error) === 409;
}

/** The API server's own explanation (a metav1.Status message), safe to show for 4xx. */
function statusMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiException)) return undefined;
  const body: unknown = typeof error.body === 'string' ? safeJson(error.body) : error.body;
  if (typeof body === 'object' && body !== null && 'message' in body) {
    return typeof body.message === 'string' ? body.message : undefined;
  }
  return undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Turns a failed hub call into the catalogue error a handler should answer with. */
export function toHubApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const status = hubStatus(error);
  if (status === 404) return new ApiError(errors.notFound, { cause: error });
  if (status === 409) return new ApiError(errors.conflict, { cause: error });
  if (status === 400 || status === 422) {
    const message = statusMessage(error);
    return new ApiError(errors.validationFailed, {
      cause: error,
      ...(message ? { details: [{ path: '', message }] } : {}),
    });
  }
  return new ApiError(errors.hubUnavailable, { cause: error });
}
