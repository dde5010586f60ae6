import { setEventSourceFactory } from '../src/live/changeStream';

/** A stand-in for the browser's EventSource that a test drives: opened streams and their events. */
export class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  send(type: string, data: unknown = {}) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
}

/** The page's open change streams, each of them a FakeEventSource from now on. */
export function useFakeEventSources(): () => FakeEventSource[] {
  FakeEventSource.opened = [];
  setEventSourceFactory((url) => new FakeEventSource(url) as unknown as EventSource);
  return () => FakeEventSource.opened.filter((source) => !source.closed);
}

export function stopFakeEventSources(): void {
  FakeEventSource.opened = [];
  setEventSourceFactory(undefined);
}
