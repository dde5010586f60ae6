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
 * A whole body as the chunks it arrived in, not joined: a list page's chunks are handed to the
 * write worker as they are (index-writer.ts), so the main thread neither copies a page nor
 * leaves its chunks to its garbage collector. Joining them here cost a copy per page, and the
 * chunks left behind, memory outside the heap, started most of the operator's major garbage
 * collections during a large sync (docs/performance.md, "The list pages' chunks handed over").
 */
export function readChunks(body: IncomingMessage): Promise<Uint8Array[]> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    // 'data' hands each chunk over as it was pushed; an async iterator's read() joins the chunks
    // buffered meanwhile into a new one, a copy this reader is here to avoid.
    body.on('data', (chunk: Buffer) => chunks.push(chunk));
    body.once('end', () => resolve(chunks));
    body.once('error', reject);
    body.once('close', () => {
      if (!body.readableEnded) reject(new Error('the response ended before its body'));
    });
  });
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
