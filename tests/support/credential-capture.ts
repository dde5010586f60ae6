// Listeners at addresses the operator under test may reach (hack/operator.sh allow-lists
// 127.0.0.1:<port base + 40> and <port base + 41>), standing for a server an attacker controls:
// they record what the operator sends them, so a test can prove a stored credential never
// arrives. The https one presents the test bed's registry certificate (the same CA a stored
// registry login trusts), so only the address, never TLS, keeps a credential away from it.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { dirname, join } from 'node:path';
import { testEnv } from './env.js';

const base = Number(process.env.NIMBUS_TESTBED_PORT_BASE ?? 16440);

export interface Heard {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

export interface Capture {
  /** host:port */
  host: string;
  heard: Heard[];
  close(): Promise<void>;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/** Every request refused with a Basic challenge, as a registry that wants a login answers. */
const basicChallenge: Answer = (_req, res) => {
  res.writeHead(401, { 'www-authenticate': 'Basic realm="capture"' }).end();
};

/** Every request accepted with `{}`, as an SMS gateway answers. */
const acceptAll: Answer = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
};

async function listen(server: Server, port: number, answer: Answer): Promise<Capture> {
  const heard: Heard[] = [];
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      heard.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    host: `127.0.0.1:${port}`,
    heard,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An https "registry" at port base + 40 with the test bed registry's certificate. */
export function captureRegistry(): Promise<Capture> {
  const tls = join(dirname(testEnv.hubKubeconfig), 'secure-registry', 'tls');
  const server = createHttpsServer({
    cert: readFileSync(join(tls, 'server.crt')),
    key: readFileSync(join(tls, 'server.key')),
  });
  return listen(server, base + 40, basicChallenge);
}

/** A plain-http endpoint at port base + 41 that accepts everything (an SMS gateway). */
export function captureEndpoint(): Promise<Capture> {
  return listen(createHttpServer(), base + 41, acceptAll);
}
