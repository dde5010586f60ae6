import { match } from 'path-to-regexp';
import type { MatchFunction } from 'path-to-regexp';
import type { Method, PolicyEntry } from './policy.js';

export interface CompiledEntry extends PolicyEntry {
  matcher: MatchFunction<Record<string, string>>;
  /** Literal path characters: the most specific entry wins, as literal routes do in Express. */
  specificity: number;
}

export interface PolicyMatch {
  entry: CompiledEntry;
  params: Record<string, string>;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Matches like Express's router does (case-insensitive, optional trailing slash). */
export function expressMatcher(path: string): MatchFunction<Record<string, string>> {
  return match<Record<string, string>>(path, {
    sensitive: false,
    end: true,
    trailing: true,
    decode: safeDecode,
  });
}

/** Substitutes the product domain into the table's patterns, below `prefix` (e.g. /v1). */
export function compilePolicy(
  table: readonly PolicyEntry[],
  host: string,
  prefix = '',
): CompiledEntry[] {
  return table.map((entry) => {
    const path = `${prefix}${entry.path.replaceAll('{host}', host)}`;
    return {
      ...entry,
      matcher: expressMatcher(path),
      specificity: path.replace(/:[A-Za-z0-9_]+/g, '').length,
    };
  });
}

/** The entry for a request path (relative to where the table was compiled for). */
export function matchPolicy(
  compiled: readonly CompiledEntry[],
  method: string,
  path: string,
): PolicyMatch | undefined {
  const wanted = (method === 'HEAD' ? 'GET' : method) as Method;
  let best: PolicyMatch | undefined;
  for (const entry of compiled) {
    if (entry.method !== wanted) continue;
    const result = entry.matcher(path);
    if (result && (!best || entry.specificity > best.entry.specificity)) {
      best = { entry, params: result.params };
    }
  }
  return best;
}
