import type { ClusterLocation } from '@nimbus/api';

/**
 * YAML that was not published, or failed, is kept in this browser so the next visit of
 * the import page can offer to re-import it. Per user: a shared browser never shows another
 * user's manifests.
 */
export interface PendingImport {
  text: string;
  location?: ClusterLocation;
  namespace?: string;
}

const keyOf = (userId: string) => `nimbus.importYaml.pending.${userId}`;

/** Secret manifests carry credentials: they are never left behind in browser storage. */
const secretManifest = /\bkind:\s*["']?Secret\b|"kind"\s*:\s*"Secret"/;

export function readPending(userId: string): PendingImport | undefined {
  try {
    const stored = window.localStorage.getItem(keyOf(userId));
    if (!stored) return undefined;
    const pending = JSON.parse(stored) as Partial<PendingImport>;
    return typeof pending.text === 'string' && pending.text.trim() !== ''
      ? (pending as PendingImport)
      : undefined;
  } catch {
    return undefined;
  }
}

export function writePending(userId: string, pending: PendingImport | undefined): void {
  try {
    if (!pending || pending.text.trim() === '' || secretManifest.test(pending.text)) {
      window.localStorage.removeItem(keyOf(userId));
    } else window.localStorage.setItem(keyOf(userId), JSON.stringify(pending));
  } catch {
    // Storage full or disabled: the prompt is a convenience, the import itself does not need it.
  }
}
