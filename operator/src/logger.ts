import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';

export type { Logger } from 'pino';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Header names whose values are credentials. */
export const sensitiveHeaders = ['authorization', 'cookie', 'set-cookie', 'x-nimbus-token'];

/** Field names whose values are credentials wherever they appear in a log object. */
export const sensitiveFields = [
  'password',
  'token',
  'secret',
  'secretKey',
  'accessKey',
  'mfaCode',
  // Alarm receiver credentials (operator/src/alarms/).
  'webhookUrl',
  'apiSecret',
  'apiKey',
];

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
 * Errors are serialized here rather than by pino's own serializer, which tags every error-like
 * value it walks (to stop at cycles) and so throws on frozen or sealed ones (an ApiError's
 * catalogue entry), and which reads every enumerable property of the prototype chain (DOMException's
 * getters throw when read from anything but the exception itself). Nothing logged is written to:
 * own fields are read, error-like ones (a string `message`) serialized in turn, cycles cut.
 */
const isErrorLike = (value: unknown): value is { message: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { message?: unknown }).message === 'string';

const maxErrorDepth = 8;

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

function typeOf(error: object): string {
  const constructor = (error as { constructor?: unknown }).constructor;
  if (typeof constructor === 'function' && constructor.name && constructor !== Object) {
    return constructor.name;
  }
  const name = (error as { name?: unknown }).name;
  return typeof name === 'string' ? name : 'Error';
}

/** "outer: inner", as pino writes an error with causes. */
function messageWithCauses(error: { message: string; cause?: unknown }, depth = 0): string {
  const cause = error.cause;
  if (!isErrorLike(cause) || depth >= maxErrorDepth) return error.message;
  return `${error.message}: ${messageWithCauses(cause, depth + 1)}`;
}

function serialize(value: unknown, seen: Set<object>, depth: number): unknown {
  if (!isErrorLike(value)) return value;
  if (seen.has(value) || depth > maxErrorDepth) return '[Circular]';
  seen.add(value);
  const error = value as { message: string; stack?: unknown; cause?: unknown; errors?: unknown };
  const out: SerializedError = { type: typeOf(value), message: messageWithCauses(error) };
  const name = (value as { name?: unknown }).name;
  if (typeof name === 'string' && name !== out.type) out.name = name;
  if (typeof error.stack === 'string') out.stack = error.stack;
  for (const [key, field] of Object.entries(value)) {
    if (key === 'message' || key === 'stack' || key === 'cause' || key === 'name') continue;
    out[key] = Array.isArray(field)
      ? field.map((item: unknown) => serialize(item, seen, depth + 1))
      : serialize(field, seen, depth + 1);
  }
  if (error.cause !== undefined) out.cause = serialize(error.cause, seen, depth + 1);
  seen.delete(value);
  return out;
}

export function serializeError(error: unknown): unknown {
  return serialize(error, new Set(), 0);
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
