import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError, errors } from '../core/errors.js';
import { fail } from './respond.js';
import { requestContext } from './request-context.js';

/** Errors raised by express's body parser carry a `type` naming the failure. */
function bodyParserError(error: unknown): ApiError | undefined {
  if (typeof error !== 'object' || error === null || !('type' in error)) return undefined;
  switch (error.type) {
    case 'entity.parse.failed':
      return new ApiError(errors.badJson, { cause: error });
    case 'entity.too.large':
      return new ApiError(errors.payloadTooLarge, { cause: error });
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ApiError(errors.unsupportedMediaType, { cause: error });
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new ApiError(errors.validationFailed, { message: 'malformed request body' });
    default:
      return undefined;
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return bodyParserError(error) ?? new ApiError(errors.internal, { cause: error });
}

export const notFoundHandler: RequestHandler = () => {
  throw new ApiError(errors.notFound);
};

/** A delay the client was told in the envelope's data, repeated as the standard header. */
function retryAfterSeconds(details: unknown): number | undefined {
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details))
    return undefined;
  const seconds = details.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : undefined;
}

export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const apiError = toApiError(error);
  const { log, id } = requestContext(res);
  if (apiError.entry === errors.internal) {
    // Only the log sees the cause; the client gets the catalogue text and the request id header.
    log.error({ err: apiError.cause ?? apiError, reqId: id }, 'internal error');
  } else if (apiError.cause !== undefined) {
    log.debug({ err: apiError.cause }, apiError.message);
  }
  if (res.headersSent) {
    next(error);
    return;
  }
  const retryAfter = retryAfterSeconds(apiError.details);
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
  fail(res, apiError.entry, apiError.message, apiError.details);
};
