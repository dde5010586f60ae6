import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger } from 'pino';

/** Header names whose values are credentials. */
export const sensitiveHeaders = ['authorization', 'cookie', 'set-cookie', 'x-nimbus-token'];

/** Field names whose values are credentials wherever they appear in a log object. */
export const sensitiveFields = ['password', 'token', 'secret', 'secretKey', 'accessKey', 'mfaCode'];

export const censor = '[REDACTED]';

// pino's redact has no recursive wildcard, so each field is listed at every depth we log objects.
const maxFieldDepth = 4;

function redactPaths(): string[] {
  const headerPaths = ['req.headers', 'res.headers', 'headers'].flatMap((parent) =>
    sensitiveHeaders.map((header) => `${parent}["${header}"]`),
  );
  const fieldPaths: string[] = [];
  for (let depth = 0; depth < maxFieldDepth; depth++) {
    const prefix = '*.'.repeat(depth);
    for (const field of sensitiveFields) fieldPaths.push(`${prefix}${field}`);
  }
  return [...headerPaths, ...fieldPaths];
}

/**
 * pino's error serializer tags each error it walks (to stop at cycles), and every error-like
 * field (anything with a string `message`, such as an ApiError's frozen catalogue entry), which
 * throws on a frozen object: such errors are copied first, keeping their prototype and fields.
 */
const isErrorLike = (value: unknown): value is { message: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { message?: unknown }).message === 'string';

function frozenInChain(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 8) return false;
  if (!Object.isExtensible(error)) return true;
  const frozenField = Object.entries(error).some(
    ([key, value]) => key !== 'cause' && isErrorLike(value) && !Object.isExtensible(value),
  );
  return frozenField || frozenInChain(error.cause, depth + 1);
}

function extensibleCopy(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  const fields = Object.entries(error).map(([key, value]) => [
    key,
    isErrorLike(value) && !(value instanceof Error) ? { ...value } : value,
  ]);
  Object.assign(copy, Object.fromEntries(fields), {
    message: error.message,
    stack: error.stack,
    name: error.name,
  });
  if (error.cause !== undefined) copy.cause = extensibleCopy(error.cause, depth + 1);
  return copy;
}

export function serializeError(error: unknown): unknown {
  const loggable = frozenInChain(error) ? extensibleCopy(error) : error;
  return pino.stdSerializers.err(loggable as Error);
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { err: serializeError },
    base: { service: 'nimbus-operator' },
    redact: { paths: redactPaths(), censor },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}
