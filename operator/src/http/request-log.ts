import type { RequestHandler } from 'express';
import { censor, sensitiveFields } from '../logger.js';
import { requestContext } from './request-context.js';
import { elapsedSeconds, onResponseDone } from './response-done.js';

const sensitiveQueryKeys = new Set(sensitiveFields.map((field) => field.toLowerCase()));

/** The URL as logged: query values whose names look like credentials are censored. */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...query.keys()]) {
    if (sensitiveQueryKeys.has(key.toLowerCase())) query.set(key, censor);
  }
  return `${url.slice(0, queryStart)}?${query.toString()}`;
}

// Kubelet and Prometheus poll these every few seconds; at info they would drown the real traffic.
const quietPaths = new Set(['/healthz', '/readyz', '/metrics']);

export function requestLogMiddleware(): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    onResponseDone(res, () => {
      const status = res.writableFinished ? res.statusCode : 499;
      const entry = {
        method: req.method,
        url: loggableUrl(req.originalUrl),
        status,
        durationMs: Math.round(elapsedSeconds(start) * 1000),
      };
      const log = requestContext(res).log;
      // Failures worth an error are logged where they happen (the error handler), with cause.
      if (status >= 500) log.warn(entry, 'request failed');
      else if (quietPaths.has(req.path)) log.debug(entry, 'request completed');
      else log.info(entry, 'request completed');
    });
    next();
  };
}
