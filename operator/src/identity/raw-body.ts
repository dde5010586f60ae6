import type { IncomingMessage } from 'node:http';

const rawBodyKey = Symbol('nimbus.rawBody');
type WithRawBody = IncomingMessage & { [rawBodyKey]?: Buffer };

/** express.json `verify` hook: keeps the exact bytes, which signed requests hash. */
export function keepRawBody(req: IncomingMessage, _res: unknown, body: Buffer): void {
  (req as WithRawBody)[rawBodyKey] = body;
}

/** The request body as received, or empty when there was none (or it was not JSON). */
export function rawBodyOf(req: IncomingMessage): Buffer {
  return (req as WithRawBody)[rawBodyKey] ?? Buffer.alloc(0);
}
