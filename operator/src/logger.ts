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
 * pino's error serializer tags every error-like value it walks (anything with a string
 * `message`: errors, causes, an ApiError's frozen catalogue entry, errors kept in fields) to stop
 * at cycles, and that throws on a frozen or sealed object. It is given a copy instead: every
 * error-like value reachable through fields and causes is copied with its prototype, so nothing
 * the rest of the program holds is ever written to.
 */
const isErrorLike = (value: unknown): value is { message: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { message?: unknown }).message === 'string';

const maxCopyDepth = 8;

function loggableCopy(value: unknown, copies: Map<object, unknown>, depth: number): unknown {
  if (!isErrorLike(value)) return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  if (depth > maxCopyDepth) return { message: value.message };
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<
    string,
    unknown
  >;
  copies.set(value, copy);
  for (const [key, field] of Object.entries(value)) {
    copy[key] = loggableCopy(field, copies, depth + 1);
  }
  const source = value as { message: string; name?: unknown; stack?: unknown; cause?: unknown };
  copy.message = source.message;
  if (typeof source.name === 'string') copy.name = source.name;
  if (typeof source.stack === 'string') copy.stack = source.stack;
  if (source.cause !== undefined) copy.cause = loggableCopy(source.cause, copies, depth + 1);
  return copy;
}

export function serializeError(error: unknown): unknown {
  return pino.stdSerializers.err(loggableCopy(error, new Map(), 0) as Error);
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
