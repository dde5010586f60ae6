// An export download: headers only once the first chunk is in, a cut connection (never a short
// file that looks whole) when a later chunk fails, and no more reading once the client is gone.
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.js';
import { streamAttachment, type AttachmentTarget } from './stream-attachment.js';

const quiet = createLogger('silent');

class Target extends Writable implements AttachmentTarget {
  text = '';
  statusCode?: number;
  headers: Record<string, string> = {};
  get headersSent() {
    return this.text !== '';
  }
  status(code: number) {
    this.statusCode = code;
  }
  set(headers: Record<string, string>) {
    this.headers = { ...this.headers, ...headers };
  }
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

const attachment = (chunks: AsyncIterable<string>) => ({
  filename: 'nimbus-test.csv',
  mediaType: 'text/csv; charset=utf-8',
  chunks,
});

describe('streamAttachment', () => {
  it('sends the chunks as an attachment and ends', async () => {
    const out = new Target();
    await streamAttachment(
      out,
      attachment(
        (async function* () {
          yield 'a,b\r\n';
          yield '1,2\r\n';
        })(),
      ),
      quiet,
    );
    expect(out.statusCode).toBe(200);
    expect(out.headers['Content-Disposition']).toBe('attachment; filename="nimbus-test.csv"');
    expect(out.headers['Cache-Control']).toBe('no-store');
    expect(out.text).toBe('a,b\r\n1,2\r\n');
    expect(out.writableEnded).toBe(true);
  });

  it('lets a failure before the first chunk be answered: nothing sent', async () => {
    const out = new Target();
    const failing = (async function* (): AsyncGenerator<string> {
      yield await Promise.reject(new Error('store unavailable'));
    })();
    await expect(streamAttachment(out, attachment(failing), quiet)).rejects.toThrow(
      'store unavailable',
    );
    expect(out.statusCode).toBeUndefined();
    expect(out.text).toBe('');
  });

  it('cuts the connection when a later chunk fails', async () => {
    const out = new Target();
    const failing = (async function* () {
      yield 'a,b\r\n';
      throw new Error('replica gone');
    })();
    await streamAttachment(out, attachment(failing), quiet);
    expect(out.destroyed).toBe(true);
    expect(out.writableEnded).toBe(false);
  });

  it('stops reading once the client has gone', async () => {
    const out = new Target();
    const read = vi.fn();
    const endless = (async function* () {
      for (let n = 0; ; n += 1) {
        read();
        if (n === 2) out.destroy();
        yield `${n}\r\n`;
      }
    })();
    await streamAttachment(out, attachment(endless), quiet);
    expect(read).toHaveBeenCalledTimes(3);
  });
});
