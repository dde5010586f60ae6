const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'authorization',
  'cookie',
]);

/**
 * Headers a client sent that may be forwarded to a member: never Impersonate-*, hop-by-hop
 * headers, headers the client named in Connection, or the client's own credentials.
 */
export function forwardableHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const named = new Set(
    String(headers.connection ?? headers.Connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || hopByHop.has(lower) || named.has(lower)) continue;
    if (lower.startsWith('impersonate-')) continue;
    kept[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}
