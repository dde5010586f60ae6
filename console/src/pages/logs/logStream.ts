import { isEnvelope } from '../../apiClient/envelope';

/** How a log read ended. */
export type LogStreamEnd =
  /** The member finished the log (no follow, or the container stopped). */
  | { how: 'ended' }
  /** The body stopped before its end: the connection broke, or the operator cut the stream (sign-out, access ended, the stream's lifetime). */
  | { how: 'cut' }
  /** Refused before the first byte: the envelope's code and message. */
  | { how: 'refused'; code: number | undefined; message: string }
  /** The viewer stopped it (new options, leaving the page). */
  | { how: 'stopped' };

/**
 * Reads a log response as it arrives and hands each decoded piece of text to `onText`; never
 * holds the whole body. Resolves with how it ended.
 */
export async function readLogStream(
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal; onOpen?: () => void },
  onText: (text: string) => void,
): Promise<LogStreamEnd> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: init.headers,
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (init.signal.aborted) return { how: 'stopped' };
    return { how: 'refused', code: undefined, message: String(error) };
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = undefined;
    }
    return isEnvelope(body)
      ? { how: 'refused', code: body.code, message: String(body.message ?? '') }
      : { how: 'refused', code: undefined, message: `HTTP ${String(response.status)}` };
  }
  init.onOpen?.();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onText(decoder.decode(value, { stream: true }));
    }
  } catch {
    return init.signal.aborted ? { how: 'stopped' } : { how: 'cut' };
  }
  const rest = decoder.decode();
  if (rest !== '') onText(rest);
  return { how: 'ended' };
}
