const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every path a contract path template names, as a pattern: each `:parameter` matches one
 * non-empty segment (as Express matches it), and so does `{host}` unless `host` is given.
 * `prefix` (the API base, e.g. /api/v1) is matched literally before the template.
 */
export function pathPattern(
  template: string,
  options: { prefix?: string; host?: string } = {},
): RegExp {
  const withHost =
    options.host === undefined ? template : template.replaceAll('{host}', options.host);
  const source = withHost
    .split(/(\{host\}|:[A-Za-z0-9_]+)/)
    .map((part) => (part === '{host}' || part.startsWith(':') ? '[^/]+' : escaped(part)))
    .join('');
  return new RegExp(`^${escaped(options.prefix ?? '')}${source}$`);
}
