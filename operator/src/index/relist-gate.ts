// Admits a bounded number of large relists to write at once. A paginated list is one snapshot of
// the member: its continue token expires (410) once the member's API server compacts etcd past
// it, every 5 minutes by default. Large relists writing side by side share the one index writer
// and all finish late together; one at a time, each finishes inside the window
// (docs/decisions/large-relists-one-at-a-time.md).

/** Gives the slot back; calling it again does nothing. */
export type LeaveGate = () => void;

/** A relist whose first page says this many more objects follow takes a slot. */
export const largeRelistObjects = 50_000;

export class RelistGate {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly slots = 1) {}

  /** A slot now, or undefined when they are all held. */
  tryEnter(): LeaveGate | undefined {
    if (this.held >= this.slots) return undefined;
    this.held++;
    return this.leaver();
  }

  /** A slot once one is free, in the order asked; rejects when `signal` aborts first. */
  enter(signal: AbortSignal): Promise<LeaveGate> {
    const now = this.tryEnter();
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const admit = () => {
        signal.removeEventListener('abort', abandon);
        this.held++;
        resolve(this.leaver());
      };
      const abandon = () => {
        const at = this.waiting.indexOf(admit);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal.reason instanceof Error ? signal.reason : new Error('relist stopped'));
      };
      if (signal.aborted) {
        abandon();
        return;
      }
      signal.addEventListener('abort', abandon, { once: true });
      this.waiting.push(admit);
    });
  }

  /** Relists holding a slot and waiting for one, for the index's metrics and tests. */
  get state(): { writing: number; waiting: number } {
    return { writing: this.held, waiting: this.waiting.length };
  }

  private leaver(): LeaveGate {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.held--;
      this.waiting.shift()?.();
    };
  }
}
