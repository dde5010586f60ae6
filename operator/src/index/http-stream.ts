// Reading API server answers: whole bodies for lists, newline-delimited JSON for watches.
import type { IncomingMessage } from 'node:http';

/**
 * Feeds complete lines per chunk to `onLines` until the stream ends or it returns false. When it
 * answers with a promise the stream is paused until it settles, so chunks are handled one at a
 * time and in order, and a slow reader holds the member's stream back instead of piling chunks
 * up; the end of the stream waits for the chunk being handled.
 */
export function consumeLines(
  body: IncomingMessage,
  onLines: (lines: string[]) => boolean | Promise<boolean>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let settled = false;
    let handling: Promise<void> | undefined;
    const finish = (error?: unknown) => {
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
    const ended = (error?: unknown) => {
      if (handling) void handling.then(() => finish(error));
      else finish(error);
    };
    body.setEncoding('utf8');
    body.on('data', (chunk: string) => {
      if (settled) {
        return;
      }
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      const lines = parts.filter((line) => line.trim() !== '');
      if (lines.length === 0) {
        return;
      }
      let more: boolean | Promise<boolean>;
      try {
        more = onLines(lines);
      } catch (error) {
        finish(error);
        return;
      }
      if (typeof more === 'boolean') {
        if (!more) finish();
        return;
      }
      body.pause();
      handling = more.then(
        (goOn) => {
          handling = undefined;
          if (!goOn) finish();
          else if (!settled) body.resume();
        },
        (error: unknown) => {
          handling = undefined;
          finish(error);
        },
      );
    });
    body.on('end', () => ended());
    body.on('close', () => ended());
    body.on('error', (error) => ended(error));
  });
}

/**
 * A whole body, in an ArrayBuffer of its own: not a slice of Node's shared pool, so a list page
 * can be transferred to the write worker rather than copied (index-writer.ts).
 */
export async function readAll(body: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).byteLength;
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
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
