import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { consumeLines, readChunks } from './http-stream.js';

/** A few turns of the event loop: enough for written chunks to reach a flowing reader. */
const turns = async (count = 5) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
};

const stream = () => new PassThrough();
const asBody = (body: PassThrough) => body as unknown as IncomingMessage;

describe('consumeLines', () => {
  it('gives complete lines, keeping a partial one for the next chunk', async () => {
    const body = stream();
    const seen: string[][] = [];
    const done = consumeLines(asBody(body), (lines) => {
      seen.push(lines);
      return true;
    });
    body.write('one\ntw');
    await turns();
    body.end('o\n\nthree\n');
    await done;
    expect(seen).toEqual([['one'], ['two', 'three']]);
  });

  it('holds the stream while an answer is pending, so chunks are handled one at a time', async () => {
    const body = stream();
    const seen: string[] = [];
    let release!: () => void;
    const first = new Promise<boolean>((resolve) => (release = () => resolve(true)));
    let resolved = false;
    const done = consumeLines(asBody(body), (lines) => {
      seen.push(...lines);
      return seen.length === 1 ? first : Promise.resolve(true);
    }).then(() => (resolved = true));
    body.write('a\n');
    await turns();
    body.write('b\n');
    body.end('c\n');
    await turns();
    // The stream ended, but the first chunk's handler has not answered yet.
    expect(seen).toEqual(['a']);
    expect(resolved).toBe(false);
    release();
    await done;
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('ends when a pending answer says no more, and fails with a pending answer that fails', async () => {
    const stopped = stream();
    const seen: string[] = [];
    const done = consumeLines(asBody(stopped), async (lines) => {
      seen.push(...lines);
      return false;
    });
    stopped.write('a\n');
    await done;
    stopped.write('b\n');
    await turns();
    expect(seen).toEqual(['a']);
    expect(stopped.destroyed).toBe(true);

    const failing = stream();
    const failed = consumeLines(asBody(failing), () => Promise.reject(new Error('disk full')));
    failing.write('a\n');
    await expect(failed).rejects.toThrow('disk full');
  });

  it('waits, when the stream fails, for the chunk being handled, then fails', async () => {
    const body = stream();
    let release!: () => void;
    const pending = new Promise<boolean>((resolve) => (release = () => resolve(true)));
    let handled = false;
    const done = consumeLines(asBody(body), () => pending.then((more) => ((handled = true), more)));
    body.write('a\n');
    await turns();
    body.destroy(new Error('connection reset'));
    await turns();
    release();
    await expect(done).rejects.toThrow('connection reset');
    expect(handled).toBe(true);
  });
});

describe('readChunks', () => {
  it('returns the chunks as they arrived, neither joined nor copied', async () => {
    const body = stream();
    const read = readChunks(asBody(body));
    const first = Buffer.from('{"items":');
    const second = Buffer.from('["é"]}');
    body.write(first);
    body.end(second);
    const chunks = await read;
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toBe(first);
    expect(chunks[1]).toBe(second);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('{"items":["é"]}');
  });

  it('fails when the body closes before its end or errors', async () => {
    const closed = stream();
    const read = readChunks(asBody(closed));
    closed.write(Buffer.from('{"items":'));
    closed.destroy();
    await expect(read).rejects.toThrow('ended before its body');
    const broken = stream();
    const failed = readChunks(asBody(broken));
    broken.destroy(new Error('connection reset'));
    await expect(failed).rejects.toThrow('connection reset');
  });
});
