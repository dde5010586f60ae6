import { LAST_APPLIED_ANNOTATION } from './kubeObject';

export interface KeyValueEntry {
  key: string;
  value: string;
}

/** The entries a user sees and edits: kubectl's last-applied copy is hidden. */
export const visibleEntries = (values: Record<string, string> | undefined): KeyValueEntry[] =>
  Object.entries(values ?? {})
    .filter(([key]) => key !== LAST_APPLIED_ANNOTATION)
    .map(([key, value]) => ({ key, value }));

/** A value that parses as a JSON object, pretty-printed; undefined for anything else. */
export function formattedJsonObject(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? JSON.stringify(parsed, null, 2)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Editor rows back to a map; keys and values trimmed (both are required by the form). */
export const entriesToMap = (entries: readonly KeyValueEntry[]): Record<string, string> =>
  Object.fromEntries(entries.map(({ key, value }) => [key.trim(), value.trim()]));
