import { ApiError, errors } from '../core/errors.js';

/** The socket could not be opened or was cut (Node's codes). */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
/** SQLSTATE: the server is shutting down or out of connections. */
const serverCodes = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg says, without a code, when a pool waits in vain or a connection ends mid-query. */
const poolMessages = /timeout exceeded when trying to connect|Connection terminated/i;

/** True when the database is away, as opposed to refusing the statement. */
export function storeIsAway(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // SQLSTATE class 08: connection exception.
    return networkCodes.has(code) || serverCodes.has(code) || code.startsWith('08');
  }
  return typeof message === 'string' && poolMessages.test(message);
}

/**
 * Runs a read for a caller; a database that is away becomes 2008 (503, try again), not an
 * internal error: nothing is wrong with the request, and the records wait in the queues.
 */
export async function unlessStoreAway<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (storeIsAway(error)) throw new ApiError(errors.storeUnavailable, { cause: error });
    throw error;
  }
}
