import { useEffect, useState } from 'react';
import { ResponseCode } from '../../constants';
import type { LogBuffer } from './logBuffer';
import { readLogStream } from './logStream';

export type LogPhase = 'connecting' | 'streaming' | 'ended' | 'cut' | 'refused';

export interface LogStreamState {
  phase: LogPhase;
  /** The refusal's message. */
  message?: string;
  /** The buffer's version at the last redraw. */
  version: number;
}

/** Runs `draw` once per frame however many chunks arrive in it: 100k lines must not mean 100k renders. */
function frameScheduler(draw: () => void): { schedule: () => void; cancel: () => void } {
  let pending: number | undefined;
  const raf = typeof requestAnimationFrame === 'function';
  const run = () => {
    pending = undefined;
    draw();
  };
  return {
    schedule: () => {
      if (pending !== undefined) return;
      pending = raf ? requestAnimationFrame(run) : window.setTimeout(run, 16);
    },
    cancel: () => {
      if (pending === undefined) return;
      if (raf) cancelAnimationFrame(pending);
      else window.clearTimeout(pending);
      pending = undefined;
    },
  };
}

/**
 * Streams the log at `url` into `buffer` (cleared first) while mounted or until `url` or
 * `attempt` change; redraws at most once a frame. A 9998 refusal also calls `onTokenExpired`
 * (the session is over, sign in again), as the base query does for every other call.
 */
export function useLogStream(
  url: string,
  headers: Record<string, string>,
  buffer: LogBuffer,
  attempt: number,
  onTokenExpired: () => void,
): LogStreamState {
  const headerKey = JSON.stringify(headers);
  const key = `${attempt} ${url} ${headerKey}`;
  // State set by the stream's callbacks, for the stream it belongs to; a new one starts connecting.
  const [state, setState] = useState<LogStreamState & { key: string }>({
    key: '',
    phase: 'connecting',
    version: 0,
  });

  useEffect(() => {
    const controller = new AbortController();
    buffer.clear();
    const update = (change: Partial<LogStreamState>) =>
      setState((previous) => ({
        ...(previous.key === key ? previous : { phase: 'connecting' as const }),
        version: buffer.version,
        ...change,
        key,
      }));
    const frames = frameScheduler(() => update({}));
    void readLogStream(
      url,
      {
        headers: JSON.parse(headerKey) as Record<string, string>,
        signal: controller.signal,
        // Headers come before the first line: a follow of a quiet container is streaming too.
        onOpen: () => update({ phase: 'streaming' }),
      },
      (text) => {
        buffer.append(text);
        frames.schedule();
      },
    ).then((end) => {
      if (end.how === 'stopped') return;
      if (end.how === 'refused' && end.code === ResponseCode.tokenInvalid) onTokenExpired();
      frames.cancel();
      buffer.finish();
      update(
        end.how === 'refused' ? { phase: 'refused', message: end.message } : { phase: end.how },
      );
    });
    return () => {
      controller.abort();
      frames.cancel();
    };
  }, [url, headerKey, buffer, key, onTokenExpired]);

  return state.key === key ? state : { phase: 'connecting', version: buffer.version };
}
