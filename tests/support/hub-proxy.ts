// A loopback HTTP proxy in front of the test bed's hub API server, for a client under test that
// must see answers in an order the network would rarely produce: an answer held back until the
// test releases it, or watch streams paused while the hub changes. The hub stays the real one.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { testEnv } from './env.js';

export interface HeldAnswer {
  /** Resolves once the hub has answered; the answer is then held. */
  answered: Promise<void>;
  release(): void;
}

export interface HubProxy {
  /** Reaches the hub through the proxy, as the test bed's administrator. */
  kubeConfig: KubeConfig;
  /** Holds the hub's answer to the next request `matches` selects until released. */
  holdNext(matches: (method: string, path: string) => boolean): HeldAnswer;
  /** Watch streams pass nothing on until resumed (what the hub sends meanwhile is kept). */
  pauseWatches(): void;
  resumeWatches(): void;
  close(): Promise<void>;
}

interface Hold {
  matches: (method: string, path: string) => boolean;
  answered: () => void;
  released: Promise<void>;
}

interface WatchStream {
  response: ServerResponse;
  pending: Buffer[];
}

export async function startHubProxy(): Promise<HubProxy> {
  const hub = new KubeConfig();
  hub.loadFromFile(testEnv.hubKubeconfig);
  const upstream = new URL(hub.getCurrentCluster()?.server ?? '');
  const tls: RequestOptions = {};
  await hub.applyToHTTPSOptions(tls);

  const holds: Hold[] = [];
  const watches = new Set<WatchStream>();
  let paused = false;

  const forward = (request: IncomingMessage, response: ServerResponse): void => {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const isWatch = new URL(path, upstream).searchParams.get('watch') === 'true';
    const holdIndex = holds.findIndex((hold) => hold.matches(method, path));
    const hold = holdIndex >= 0 ? holds.splice(holdIndex, 1)[0] : undefined;
    const { connection: _connection, ...incoming } = request.headers;
    const headers = { ...incoming, ...tls.headers, host: upstream.host };
    const outgoing = httpsRequest(
      {
        ...tls,
        method,
        path,
        headers,
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
      },
      (answer) => {
        const head = () => response.writeHead(answer.statusCode ?? 502, answer.headers);
        if (isWatch) {
          const stream: WatchStream = { response, pending: [] };
          watches.add(stream);
          head();
          answer.on('data', (chunk: Buffer) => {
            if (paused) stream.pending.push(chunk);
            else response.write(chunk);
          });
          answer.on('end', () => {
            watches.delete(stream);
            response.end(Buffer.concat(stream.pending));
          });
          response.on('close', () => {
            watches.delete(stream);
            answer.destroy();
          });
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const send = () => {
            head();
            response.end(Buffer.concat(chunks));
          };
          if (!hold) return send();
          hold.answered();
          void hold.released.then(send);
        });
      },
    );
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  };

  const server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'hub-proxy', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'hub-proxy' }],
    contexts: [{ name: 'hub-proxy', cluster: 'hub-proxy', user: 'hub-proxy' }],
    currentContext: 'hub-proxy',
  });

  const resumeWatches = (): void => {
    paused = false;
    for (const stream of watches) {
      for (const chunk of stream.pending.splice(0)) stream.response.write(chunk);
    }
  };
  return {
    kubeConfig,
    holdNext(matches) {
      let answered!: () => void;
      let release!: () => void;
      const answeredPromise = new Promise<void>((resolve) => (answered = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ matches, answered, released });
      return { answered: answeredPromise, release };
    },
    pauseWatches() {
      paused = true;
    },
    resumeWatches,
    async close() {
      resumeWatches();
      for (const stream of watches) stream.response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
