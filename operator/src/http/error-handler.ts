import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ApiError, errors } from '../core/errors.js';
import { drainRequestBody } from './drain-body.js';
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

/**
 * A body that says `Content-Encoding: gzip` (or deflate) and is not: the body parser passes
 * zlib's own error on, which carries zlib's `Z_…` code and no `type`.
 */
function undecodableBody(error: unknown): ApiError | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  if (typeof error.code !== 'string' || !error.code.startsWith('Z_')) return undefined;
  return new ApiError(errors.validationFailed, {
    message: 'the request body does not match its Content-Encoding',
    cause: error,
  });
}

/** The router could not percent-decode a path parameter (`%zz`, `%E0%A4%A`, overlong UTF-8). */
function undecodablePath(error: unknown): ApiError | undefined {
  if (!(error instanceof URIError)) return undefined;
  return new ApiError(errors.validationFailed, {
    message: 'malformed percent-encoding in the path',
    cause: error,
  });
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return (
    bodyParserError(error) ??
    undecodableBody(error) ??
    undecodablePath(error) ??
    new ApiError(errors.internal, { cause: error })
  );
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

export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
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
  // A refusal before the body was read (no session, wrong media type) reaches a client that is
  // still sending only when the rest of its body is read first (drain-body.ts).
  void drainRequestBody(req).then(() => {
    if (!res.headersSent) fail(res, apiError.entry, apiError.message, apiError.details);
  });
};
