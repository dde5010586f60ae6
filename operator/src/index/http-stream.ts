// Reading API server answers: whole bodies for lists, newline-delimited JSON for watches.
import type { IncomingMessage } from 'node:http';

/** Feeds complete lines per chunk to `onLines` until the stream ends or it returns false. */
export function consumeLines(
  body: IncomingMessage,
  onLines: (lines: string[]) => boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) {
        return;
      }
      settled = true;
      body.destroy();
      if (error === undefined) {
        resolve();
      } else {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    body.setEncoding('utf8');
    body.on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      const lines = parts.filter((line) => line.trim() !== '');
      if (lines.length === 0) {
        return;
      }
      try {
        if (!onLines(lines)) {
          settle();
        }
      } catch (error) {
        settle(error);
      }
    });
    body.on('end', () => settle());
    body.on('close', () => settle());
    body.on('error', (error) => settle(error));
  });
}

export async function readAll(body: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
