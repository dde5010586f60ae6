/** A server timestamp in the reader's language; empty or unparsable values are shown as given. */
export function formatTime(value: string | undefined, language: string): string {
  if (!value) return '';
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toLocaleString(language);
}
