// WebSocket streams of the operator under test (exec now; attach and port-forward later), spoken
// the way kubectl speaks to an API server: Kubernetes channel protocols, one byte of channel
// before each frame's data.
import WebSocket from 'ws';
import type { Envelope } from './api.js';
import { testEnv } from './env.js';

export const channel = { stdin: 0, stdout: 1, stderr: 2, status: 3, resize: 4, close: 255 };

export interface StreamOptions {
  token?: string;
  /** Sent as the session cookie instead of a bearer token, as a browser does. */
  cookie?: string;
  origin?: string;
  protocols?: string[];
  /** Another operator than the one under test (the install tier's release). */
  baseUrl?: string;
}

export type Opened =
  | { kind: 'open'; socket: WebSocket; protocol: string }
  | { kind: 'refused'; status: number; body: Envelope<unknown> };

/**
 * Frames that arrived before converse() listened: the member's first output can come in the same
 * read as the handshake, and ws emits it right after 'open', before the awaiting test resumes.
 */
const early = new WeakMap<WebSocket, { frames: Buffer[]; stop: () => void }>();

function keepEarlyFrames(socket: WebSocket): void {
  const frames: Buffer[] = [];
  const keep = (data: Buffer): void => void frames.push(data);
  socket.on('message', keep);
  early.set(socket, { frames, stop: () => socket.off('message', keep) });
}

/** Opens /api/v1/{service}.{host}{path} as a WebSocket, or reports the HTTP refusal. */
export function openStream(
  service: string,
  path: string,
  options: StreamOptions = {},
): Promise<Opened> {
  const url = new URL(
    `/api/v1/${service}.${testEnv.host}${path}`,
    options.baseUrl ?? testEnv.operatorUrl,
  );
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.Cookie = `nimbus_token=${options.cookie}`;
  const socket = new WebSocket(url, options.protocols ?? ['v5.channel.k8s.io'], {
    headers,
    ...(options.origin ? { origin: options.origin } : {}),
  });
  keepEarlyFrames(socket);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ kind: 'open', socket, protocol: socket.protocol }));
    socket.once('unexpected-response', (_req, res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          kind: 'refused',
          status: res.statusCode ?? 0,
          body: JSON.parse(text) as Envelope,
        }),
      );
    });
    socket.once('error', reject);
  });
}

export interface Transcript {
  stdout: string;
  stderr: string;
  /** The member's final Status (channel 3), e.g. {"status":"Success"}. */
  status: string;
  closeCode: number;
  closeReason: string;
}

/**
 * Resolves once the stream's stdout so far (from its first frame) matches `pattern`, e.g. a
 * shell's prompt: an interactive shell on a terminal may discard input typed before it starts
 * reading (tcsetattr with TCSAFLUSH), so input is sent after the prompt. Call before converse().
 */
export function untilStdout(socket: WebSocket, pattern: RegExp): Promise<void> {
  const stdoutOf = (frames: Buffer[]) =>
    frames
      .filter((frame) => frame[0] === channel.stdout)
      .map((frame) => frame.subarray(1).toString('utf8'))
      .join('');
  let text = stdoutOf(early.get(socket)?.frames ?? []);
  if (pattern.test(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onMessage = (data: Buffer): void => {
      text += stdoutOf([data]);
      if (!pattern.test(text)) return;
      stop();
      resolve();
    };
    const onClose = (): void => {
      stop();
      reject(new Error(`the stream closed before its output matched ${pattern}: ${text}`));
    };
    const stop = (): void => {
      socket.off('message', onMessage);
      socket.off('close', onClose);
    };
    socket.on('message', onMessage);
    socket.once('close', onClose);
  });
}

/** Sends `input` on stdin (then closes stdin) and collects everything until the socket closes. */
export function converse(socket: WebSocket, input?: string): Promise<Transcript> {
  const transcript: Transcript = {
    stdout: '',
    stderr: '',
    status: '',
    closeCode: 0,
    closeReason: '',
  };
  const take = (data: Buffer): void => {
    const text = data.subarray(1).toString('utf8');
    if (data[0] === channel.stdout) transcript.stdout += text;
    if (data[0] === channel.stderr) transcript.stderr += text;
    if (data[0] === channel.status) transcript.status += text;
  };
  const kept = early.get(socket);
  kept?.stop();
  kept?.frames.forEach(take);
  socket.on('message', take);
  if (input !== undefined) {
    socket.send(Buffer.concat([Buffer.from([channel.stdin]), Buffer.from(input)]));
    socket.send(Buffer.from([channel.close, channel.stdin]));
  }
  return new Promise((resolve) => {
    socket.once('close', (code: number, reason: Buffer) => {
      transcript.closeCode = code;
      transcript.closeReason = reason.toString();
      resolve(transcript);
    });
  });
}
