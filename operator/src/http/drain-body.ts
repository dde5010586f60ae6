import type { IncomingMessage } from 'node:http';

/**
 * What is left of a refused request's body is read and discarded up to this size before the
 * answer, so a client still sending can read the refusal instead of a broken pipe. A larger
 * body is not worth reading: the answer goes at once and the connection closes.
 */
export const drainedBodyLimit = 16 * 1024 * 1024;
/** A client that stops sending mid-body does not hold the refusal back longer than this. */
export const drainTimeoutMs = 15_000;

function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** Resolves once the request's body has ended, or when it is too large or too slow to wait for. */
export function drainRequestBody(
  req: IncomingMessage,
  limit = drainedBodyLimit,
  timeoutMs = drainTimeoutMs,
): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve();
  const declared = declaredLength(req);
  if (declared !== undefined && declared > limit) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const timer = setTimeout(done, timeoutMs);
    timer.unref();
    function done(): void {
      clearTimeout(timer);
      req.off('data', count);
      req.off('end', done);
      req.off('error', done);
      req.off('close', done);
      resolve();
    }
    function count(chunk: Buffer): void {
      read += chunk.length;
      if (read > limit) done();
    }
    req.on('data', count);
    req.once('end', done);
    req.once('error', done);
    req.once('close', done);
    req.resume();
  });
}
