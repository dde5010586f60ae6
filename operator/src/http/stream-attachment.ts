import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Logger } from '../logger.js';

/** Where an attachment goes: an HTTP response (or a test's writable). */
export interface AttachmentTarget extends Writable {
  readonly destroyed: boolean;
  readonly headersSent: boolean;
  status(code: number): unknown;
  set(headers: Record<string, string>): unknown;
}

export interface Attachment {
  /** The file name the browser saves it as. */
  filename: string;
  mediaType: string;
  /** The text, a chunk at a time; the first one is awaited before any header goes out. */
  chunks: AsyncIterable<string>;
}

async function write(out: Writable, chunk: string): Promise<void> {
  if (chunk !== '' && !out.write(chunk)) await once(out, 'drain');
}

/**
 * Streams an export download. Its headers go out once the first chunk is in, so a failure
 * before it (a refused filter, an unavailable store) is still answered as an envelope by the
 * caller; a failure after it cuts the connection, so that a client never takes a partial file
 * for a whole one. Stops reading when the client goes away.
 */
export async function streamAttachment(
  out: AttachmentTarget,
  attachment: Attachment,
  log: Logger,
): Promise<void> {
  const chunks = attachment.chunks[Symbol.asyncIterator]();
  let next = await chunks.next();
  out.status(200);
  out.set({
    'Content-Type': attachment.mediaType,
    'Content-Disposition': `attachment; filename="${attachment.filename}"`,
    'Cache-Control': 'no-store',
  });
  try {
    while (!next.done && !out.destroyed) {
      await write(out, next.value);
      next = await chunks.next();
    }
    if (!next.done) await chunks.return?.();
    out.end();
  } catch (error) {
    log.warn({ err: error, file: attachment.filename }, 'export cut off');
    out.destroy();
  }
}

/** A file name's time stamp: now, without the characters file systems refuse. */
export const fileStamp = (now = new Date()): string => now.toISOString().replace(/[:.]/g, '-');
