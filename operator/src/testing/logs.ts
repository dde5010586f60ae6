import type { LogLevel } from '../logger.js';
import type { Logger } from '../logger.js';
import { createLogger } from '../logger.js';

export interface CapturedLogs {
  logger: Logger;
  /** Everything written so far, as the raw text a log shipper would see. */
  text(): string;
  entries(): Record<string, unknown>[];
}

/** A real pino logger (same options as production) writing into memory. */
export function captureLogs(level: LogLevel = 'debug'): CapturedLogs {
  const chunks: string[] = [];
  const logger = createLogger(level, { write: (chunk: string) => void chunks.push(chunk) });
  const text = (): string => chunks.join('');
  return {
    logger,
    text,
    entries: () =>
      text()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
