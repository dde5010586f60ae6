import { describe, expect, it } from 'vitest';
import { closeStdinFrame, decodeFrame, exitCodeOf, resizeFrame, stdinFrame } from './execChannel';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('exec channel frames', () => {
  it('puts stdin on channel 0, as UTF-8', () => {
    const frame = stdinFrame('ls é\r');
    expect(frame[0]).toBe(0);
    expect(text(frame.subarray(1))).toBe('ls é\r');
    expect([...stdinFrame(new Uint8Array([3]))]).toEqual([0, 3]);
  });

  it('sends a resize on channel 4 as kubectl does, in whole cells of at least one', () => {
    const frame = resizeFrame(120.7, 40);
    expect(frame[0]).toBe(4);
    expect(JSON.parse(text(frame.subarray(1)))).toEqual({ Width: 120, Height: 40 });
    expect(JSON.parse(text(resizeFrame(0, -3).subarray(1)))).toEqual({ Width: 1, Height: 1 });
  });

  it('closes stdin with channel 255 naming channel 0 (v5)', () => {
    expect([...closeStdinFrame()]).toEqual([255, 0]);
  });

  it('reads output, the final status and closes from the member', () => {
    const out = decodeFrame(new Uint8Array([1, 104, 105]));
    expect(out).toMatchObject({ kind: 'output', stream: 'stdout' });
    if (out.kind === 'output') expect(text(out.data)).toBe('hi');
    expect(decodeFrame(new Uint8Array([2, 33]).buffer)).toMatchObject({ stream: 'stderr' });
    const failure = {
      status: 'Failure',
      reason: 'NonZeroExitCode',
      message: 'command terminated with non-zero exit code',
      details: { causes: [{ reason: 'ExitCode', message: '3' }] },
    };
    const status = decodeFrame(
      new Uint8Array([3, ...new TextEncoder().encode(JSON.stringify(failure))]),
    );
    expect(status).toEqual({ kind: 'status', status: failure });
    if (status.kind === 'status') expect(exitCodeOf(status.status)).toBe(3);
    expect(exitCodeOf({ status: 'Success' })).toBe(0);
    expect(exitCodeOf({ status: 'Failure', message: 'no such container' })).toBeUndefined();
    expect(decodeFrame(new Uint8Array([255, 1]))).toEqual({ kind: 'closed', channel: 1 });
    expect(decodeFrame(new Uint8Array([]))).toEqual({ kind: 'other', channel: -1 });
    expect(decodeFrame(new Uint8Array([3, 123]))).toMatchObject({
      kind: 'status',
      status: { status: 'Failure' },
    });
  });
});
