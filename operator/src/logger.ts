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

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'nimbus-operator' },
    redact: { paths: redactPaths(), censor },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}
