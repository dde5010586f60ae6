import { createServer } from 'node:net';

/** A loopback port nothing listens on now, for a server a test starts itself. */
export async function freePort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return String(address.port);
}
