import type { Clock } from '../core/clock.js';

/**
 * When each object's status was last written, so that a change of wording alone (the same
 * status and reason, another message) waits until a gap has passed since that write. A group
 * applied before its 10 members rewrote its status as each member arrived: 8,000 status writes
 * for 1,000 groups, each costing the hub's API server about as much as applying the group
 * (docs/performance.md "What the apply shares the hub with"). Transitions are never held.
 */
export interface StatusPace {
  /** How long a wording-only change of the object must still wait; 0 when it may be written. */
  waitMs(uid: string): number;
  /** Notes that the object's status was written now. */
  wrote(uid: string): void;
}

export function statusPace(clock: Clock, gapMs: number): StatusPace {
  // Insertion order is write order (an entry moves to the end when written again), so the
  // entries whose gap has passed are at the front and are dropped there: the map holds only the
  // objects written within the last gap.
  const writtenAt = new Map<string, number>();
  const forgetPassed = (now: number) => {
    for (const [uid, at] of writtenAt) {
      if (now - at < gapMs) return;
      writtenAt.delete(uid);
    }
  };
  return {
    waitMs(uid) {
      const now = clock.now();
      forgetPassed(now);
      const at = writtenAt.get(uid);
      return at === undefined ? 0 : Math.max(0, at + gapMs - now);
    },
    wrote(uid) {
      const now = clock.now();
      forgetPassed(now);
      writtenAt.delete(uid);
      writtenAt.set(uid, now);
    },
  };
}
