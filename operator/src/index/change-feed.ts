// What the index wrote, as it writes it: the source of the console's live lists and detail
// pages (docs/decisions/live-changes.md). Listeners run synchronously after each write.
import type { IndexChangeView } from '@nimbus/api';

export type IndexNotice = IndexChangeView;

export type NoticeListener = (notices: readonly IndexNotice[]) => void;

export class ChangeFeed {
  private readonly listeners = new Set<NoticeListener>();
  private readonly closers = new Set<() => void>();
  private closed = false;

  /** Tells every listener of one write's notices; a listener that throws is its own problem. */
  publish(notices: readonly IndexNotice[]): void {
    if (notices.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(notices);
      } catch {
        // A listener is a stream writing to one client; it must never stop the index's writes.
      }
    }
  }

  /**
   * Follows the feed until the unsubscribe is called; `onClose` runs once if the feed closes
   * first (the replica stops), so a stream can end cleanly and its client reconnect elsewhere.
   */
  subscribe(listener: NoticeListener, onClose?: () => void): () => void {
    if (this.closed) {
      onClose?.();
      return () => undefined;
    }
    this.listeners.add(listener);
    const closer = () => onClose?.();
    this.closers.add(closer);
    return () => {
      this.listeners.delete(listener);
      this.closers.delete(closer);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    const closers = [...this.closers];
    this.listeners.clear();
    this.closers.clear();
    for (const closer of closers) closer();
  }
}
