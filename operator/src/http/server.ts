import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { upgradeListenerOf } from './upgrade/attach.js';

export async function listen(app: Express, host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    const upgrade = upgradeListenerOf(app);
    if (upgrade) server.on('upgrade', upgrade);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

export function serverUrl(server: Server): string {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export type ShutdownOutcome = 'drained' | 'forced';

/**
 * Stops accepting connections and lets in-flight requests finish; after timeoutMs the
 * remaining connections are cut so a rolling update never hangs on a slow client.
 */
export async function shutdown(server: Server, timeoutMs: number): Promise<ShutdownOutcome> {
  return new Promise((resolve) => {
    let outcome: ShutdownOutcome = 'drained';
    const timer = setTimeout(() => {
      outcome = 'forced';
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearTimeout(timer);
      resolve(outcome);
    });
    // Keep-alive sockets with no request in flight would otherwise hold close() open.
    server.closeIdleConnections();
  });
}
