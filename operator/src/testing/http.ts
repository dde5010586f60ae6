import type { Server } from 'node:http';
import type { Express } from 'express';
import { listen, serverUrl } from '../http/server.js';

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves an app on an ephemeral loopback port for a test. */
export async function serve(app: Express): Promise<RunningServer> {
  const server = await listen(app, '127.0.0.1', 0);
  return {
    url: serverUrl(server),
    server,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
