// Helm prints a release's time in Go's time.Time String() form in `helm list`
// ("2026-12-02 10:26:35.123456789 +0000 UTC") and as RFC 3339 in `helm history`; the API
// answers ISO 8601 in both, so the console shows it in the reader's language.

const goTime = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)? ([+-])(\d{2})(\d{2})(?: \S+)?$/;

/** The time as ISO 8601 (UTC, milliseconds); the text as given when it is neither form. */
export function helmTimeToIso(text: string): string {
  const go = goTime.exec(text.trim());
  const candidate = go
    ? `${go[1]}T${go[2]}${(go[3] ?? '').slice(0, 4)}${go[4]}${go[5]}:${go[6]}`
    : text;
  const time = new Date(candidate);
  return Number.isNaN(time.getTime()) ? text : time.toISOString();
}
