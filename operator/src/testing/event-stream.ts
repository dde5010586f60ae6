// Reads a server-sent event stream (text/event-stream) from a fetch response, one event at a
// time, for tests of the change stream.

export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventReader {
  /** The next event (comments skipped); undefined when the stream ended. */
  next(): Promise<StreamEvent | undefined>;
  close(): Promise<void>;
}

export function readEventStream(body: ReadableStream<Uint8Array>): EventReader {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;

  const parse = (block: string): StreamEvent | undefined => {
    let event = 'message';
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') {
        event = value;
        any = true;
      } else if (field === 'data') {
        data.push(value);
        any = true;
      }
    }
    return any && data.length > 0 ? { event, data: data.join('\n') } : undefined;
  };

  return {
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = parse(block);
          if (event) return event;
          continue;
        }
        if (done) return undefined;
        const chunk = await reader.read();
        if (chunk.done) done = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    async close() {
      await reader.cancel().catch(() => undefined);
    },
  };
}
