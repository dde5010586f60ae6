/** The most lines the viewer keeps; older ones are dropped (and counted) as new ones arrive. */
export const MAX_KEPT_LINES = 100_000;

/**
 * The lines of a log as they stream in: text arrives in chunks that split lines anywhere, so the
 * unfinished last line is held back until its newline (or the end) comes. Keeps the last
 * `capacity` lines; `dropped` counts the ones let go. `version` changes with every change, for
 * views that redraw on it.
 */
export class LogBuffer {
  private kept: string[] = [];
  /** Index in `kept` of the first line still shown: dropping is a move, compacted in batches. */
  private start = 0;
  private partial = '';
  dropped = 0;
  version = 0;

  constructor(readonly capacity = MAX_KEPT_LINES) {}

  get length(): number {
    return this.kept.length - this.start + (this.partial === '' ? 0 : 1);
  }

  /** Line `index` (0 is the oldest kept), the unfinished one last. */
  line(index: number): string {
    const complete = this.kept.length - this.start;
    return index < complete ? (this.kept[this.start + index] ?? '') : this.partial;
  }

  lines(): string[] {
    const complete = this.kept.slice(this.start);
    return this.partial === '' ? complete : [...complete, this.partial];
  }

  append(text: string): void {
    if (text === '') return;
    const parts = (this.partial + text).split('\n');
    this.partial = parts.pop() ?? '';
    for (const part of parts) this.kept.push(part.endsWith('\r') ? part.slice(0, -1) : part);
    this.trim();
    this.version += 1;
  }

  /** The stream ended: an unfinished last line is a line. */
  finish(): void {
    if (this.partial === '') return;
    this.kept.push(this.partial);
    this.partial = '';
    this.trim();
    this.version += 1;
  }

  clear(): void {
    this.kept = [];
    this.start = 0;
    this.partial = '';
    this.dropped = 0;
    this.version += 1;
  }

  private trim(): void {
    const over = this.length - this.capacity;
    if (over <= 0) return;
    this.start += over;
    this.dropped += over;
    // Copying the array on every drop would cost O(capacity) per chunk.
    if (this.start >= this.capacity) {
      this.kept = this.kept.slice(this.start);
      this.start = 0;
    }
  }
}
