// HTTPS requests that answer synchronously: the test tiers' kubectl helpers are synchronous (a
// hundred call sites read `hubJson(...)` inline), and the requests they stand for take a
// millisecond, where a kubectl process took 60–190 ms of its file's time
// (docs/testing.md "What the CPU is spent on"). A worker thread makes the request over a kept-alive
// connection; the caller sleeps on a shared flag until the answer is posted.
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';

export interface SyncHttpsRequest {
  /** https://host:port of the server. */
  server: string;
  method: string;
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** PEM texts of the TLS trust and the client's certificate, when the server asks for one. */
  ca?: string;
  cert?: string;
  key?: string;
}

export interface SyncHttpsResponse {
  status: number;
  body: string;
}

// Plain CommonJS, evaluated by the worker: no transform between it and Node. Every request is
// answered exactly once, with its outcome or an error: the caller sleeps until it is.
const workerSource = `
const { workerData } = require('node:worker_threads');
const https = require('node:https');
const agents = new Map();
function agentFor(request) {
  const key = [request.server, request.ca, request.cert, request.key].join('\\0');
  let agent = agents.get(key);
  if (!agent) {
    agent = new https.Agent({
      keepAlive: true,
      maxSockets: 1,
      // An idle connection is closed before the API server's own idle limit could close it
      // under a request.
      timeout: 30000,
      ca: request.ca,
      cert: request.cert,
      key: request.key,
    });
    agents.set(key, agent);
  }
  return agent;
}
const { port, flag } = workerData;
let current;
function answerOnce(id) {
  let answered = false;
  return (message) => {
    if (answered) return;
    answered = true;
    port.postMessage({ id, ...message });
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  };
}
process.on('uncaughtException', (error) => current && current({ error: String(error) }));
port.on('message', ({ id, request }) => {
  const answer = (current = answerOnce(id));
  try {
    const url = new URL(request.path, request.server);
    const length = request.body === undefined ? {} : { 'content-length': Buffer.byteLength(request.body) };
    const outgoing = https.request(
      url,
      {
        method: request.method,
        headers: { ...request.headers, ...length },
        agent: agentFor(request),
        timeout: 60000,
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => answer({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => answer({ error: String(error) }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer in 60 s')));
    outgoing.on('error', (error) => answer({ error: String(error) }));
    outgoing.end(request.body);
  } catch (error) {
    answer({ error: String(error) });
  }
});
`;

interface Channel {
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
}

let channel: Channel | undefined;
let lastId = 0;

function open(): Channel {
  if (channel) return channel;
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { port: port2, flag },
    transferList: [port2],
  });
  // Neither keeps a test process alive once its tests are done.
  worker.unref();
  port1.unref();
  channel = { worker, port: port1, flag };
  return channel;
}

/** Sends `request` and blocks the calling thread until its answer (60 s at most). */
export function httpsSync(request: SyncHttpsRequest): SyncHttpsResponse {
  const { worker, port, flag } = open();
  const id = ++lastId;
  const what = `${request.method} ${request.server}${request.path}`;
  port.postMessage({ id, request });
  for (;;) {
    // The queue is read before each sleep: the flag only says that something was posted.
    const received = receiveMessageOnPort(port) as { message: Answer } | undefined;
    if (received) {
      const { message } = received;
      // The answer to an earlier request that timed out may come first: it is skipped.
      if (message.id !== id) continue;
      if ('error' in message) throw new TransportError(`${what}: ${message.error}`);
      return { status: message.status, body: message.body };
    }
    if (Atomics.wait(flag, 0, 0, 65_000) === 'timed-out') {
      // The worker answers every request within 60 s: one that did not is gone. The next
      // request starts another.
      void worker.terminate();
      channel = undefined;
      throw new TransportError(`${what}: no answer`);
    }
    Atomics.store(flag, 0, 0);
  }
}

/** The request never got an answer: the connection failed or the server did not respond. */
export class TransportError extends Error {}

type Answer = { id: number } & (SyncHttpsResponse | { error: string });

/** Blocks the calling thread for `ms`, as kubectl's own waits do. */
export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
