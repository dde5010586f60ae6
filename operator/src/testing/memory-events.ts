import type { EventRecorder, EventSeries, EventSink, HubEvent } from '../controllers/events.js';
import { createEventRecorder } from '../controllers/events.js';
import type { Clock } from '../core/clock.js';
import { captureLogs } from './logs.js';

export interface StoredEvent extends HubEvent {
  series?: EventSeries;
}

/** An EventSink keeping Events in memory, as the hub would store them; counts every write. */
export interface MemoryEvents extends EventSink {
  events: StoredEvent[];
  writes: number;
  /** The Events about one object, by its name. */
  about(name: string): StoredEvent[];
}

export function memoryEvents(): MemoryEvents {
  const state: MemoryEvents = {
    events: [],
    writes: 0,
    about: (name) => state.events.filter((event) => event.regarding.name === name),
    async create(event) {
      state.writes++;
      state.events.push({ ...event });
    },
    async updateSeries(namespace, name, series) {
      state.writes++;
      const event = state.events.find((e) => e.namespace === namespace && e.name === name);
      if (!event) throw new Error(`event ${namespace}/${name} not found`);
      event.series = series;
    },
  };
  return state;
}

/** A recorder writing into memory, for unit tests of controllers. */
export function memoryRecorder(clock?: Clock): { recorder: EventRecorder; sink: MemoryEvents } {
  const sink = memoryEvents();
  const recorder = createEventRecorder({
    sink,
    logger: captureLogs().logger,
    instance: 'test',
    ...(clock ? { clock } : {}),
  });
  return { recorder, sink };
}
