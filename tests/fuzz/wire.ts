// Sends a fuzz request byte for byte (fetch would resolve `..` and re-encode the path) and
// reads the answer; an upgrade request stops at the 101 and an event stream at its headers.
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { WireRequest } from './cases.js';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, cut at `maxBodyBytes` (a download may be larger; the verdict needs the start). */
  text: string;
}

const maxBodyBytes = 2 * 1024 * 1024;

/** A failed exchange: the connection dropped, or no answer came in time. */
export class NoAnswer extends Error {}

export function send(base: URL, request: WireRequest, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest({
      host: base.hostname,
      port: base.port,
      method: request.method,
      path: request.target,
      headers: {
        ...request.headers,
        ...(request.body ? { 'Content-Length': String(request.body.length) } : {}),
      },
      agent: false,
      timeout: timeoutMs,
    });
    const fail = (what: string) => {
      if (answered) return;
      answered = true;
      outgoing.destroy();
      reject(new NoAnswer(what));
    };
    outgoing.on('timeout', () => fail(`no answer within ${timeoutMs} ms`));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer (413, 400) before it has read the whole body and then close:
      // the answer counts, the broken write does not.
      if (error.code === 'EPIPE' && answered) return;
      fail(`connection failed: ${error.code ?? error.message}`);
    });
    outgoing.on('upgrade', (response, socket) => {
      answered = true;
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers, text: '' });
    });
    outgoing.on('response', (response) => {
      // An event stream (the change stream) lasts as long as the client stays: its status and
      // type are the answer, and the connection is closed as an upgrade's is.
      if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        answered = true;
        outgoing.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: '' });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < maxBodyBytes) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => {
        if (answered) return;
        answered = true;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
      response.on('error', (error) => fail(`answer cut: ${error.message}`));
    });
    outgoing.end(request.body);
  });
}

/** The handshake headers of a WebSocket request offering `protocols`. */
export function upgradeHeaders(protocols: string): Record<string, string> {
  return {
    Connection: 'Upgrade',
    Upgrade: 'websocket',
    'Sec-WebSocket-Version': '13',
    'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
    ...(protocols ? { 'Sec-WebSocket-Protocol': protocols } : {}),
  };
}
