// Search within the kept lines: case-insensitive plain text (a log is full of regex characters).

export interface LineLike {
  readonly length: number;
  line(index: number): string;
}

/** Indices of the lines that contain `query`, oldest first; none for an empty query. */
export function findMatches(lines: LineLike, query: string): number[] {
  const needle = query.toLowerCase();
  if (needle === '') return [];
  const found: number[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (lines.line(index).toLowerCase().includes(needle)) found.push(index);
  }
  return found;
}

export interface Segment {
  text: string;
  match: boolean;
}

/** A line cut into plain and matching parts, for highlighting. */
export function highlightSegments(line: string, query: string): Segment[] {
  const needle = query.toLowerCase();
  if (needle === '') return [{ text: line, match: false }];
  const lower = line.toLowerCase();
  const segments: Segment[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) segments.push({ text: line.slice(from, at), match: false });
    segments.push({ text: line.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < line.length || segments.length === 0) {
    segments.push({ text: line.slice(from), match: false });
  }
  return segments;
}

/** The match after (`+1`) or before (`-1`) the current one, wrapping around; -1 without any. */
export function stepMatch(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
