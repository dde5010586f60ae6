import type { ControllerFactory, RunningController } from '../controllers/controller.js';
import { runController } from '../controllers/controller.js';
import type { EventRecorder } from '../controllers/events.js';
import type { FakeClock } from './fake-clock.js';
import { fakeClock } from './fake-clock.js';
import type { CapturedLogs } from './logs.js';
import { captureLogs } from './logs.js';
import type { MemoryEvents } from './memory-events.js';
import { memoryRecorder } from './memory-events.js';

export interface TestController {
  running: RunningController;
  clock: FakeClock;
  events: MemoryEvents;
  recorder: EventRecorder;
  /** Waits until nothing is queued or running, and the Events are written. */
  settled(): Promise<void>;
  stop(): void;
}

/** Runs one controller as the manager would on the leader, on a fake clock, Events in memory. */
export function startTestController(
  factory: ControllerFactory,
  clock: FakeClock = fakeClock(Date.parse('2030-01-01T00:00:00Z')),
  logs: CapturedLogs = captureLogs(),
): TestController {
  const { recorder, sink } = memoryRecorder(clock);
  const context = { clock, events: recorder, logger: logs.logger };
  const running = runController(factory(context), context);
  return {
    running,
    clock,
    events: sink,
    recorder,
    async settled() {
      await running.idle();
      await recorder.flush();
    },
    stop: () => running.stop(),
  };
}
