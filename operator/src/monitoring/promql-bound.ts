// Bounding user-written PromQL to the caller's rights, the way prom-label-proxy does: the query is
// parsed with the Prometheus project's own grammar (@prometheus-io/lezer-promql) and every vector
// selector (also inside range selectors, subqueries, offsets and @ modifiers) gets one more label
// matcher on `namespace`. The caller's own matchers are kept: Prometheus ANDs matchers on the same
// label, so a selector can only narrow what the bound lets through, never widen it. Aggregations,
// label_replace and vector matching work on what the selectors fetched, so they need no bound.
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@prometheus-io/lezer-promql';
import { promqlString, regexLiteral } from './promql.js';

/** The label whose values a bound restricts (docs/decisions/promql-bound.md). */
export const boundLabel = 'namespace';

/** Which series a caller may read from one cluster's Prometheus. */
export interface SeriesBound {
  /** Namespaces whose namespaced series are visible: every one, or exactly these. */
  namespaces: 'all' | readonly string[];
  /** Whether series without a namespace label (nodes, the cluster itself) are visible. */
  unnamespaced: boolean;
}

export const unbounded: SeriesBound = { namespaces: 'all', unnamespaced: true };

export type PromqlBoundFailure =
  /** The text is not PromQL (or not a series selector where one is required). */
  | 'syntax'
  /** The bound lets no series through at all. */
  | 'nothing-visible'
  /** The query uses something a label bound cannot hold (info() reads series it does not name). */
  | 'unsupported';

export class PromqlBoundError extends Error {
  constructor(
    readonly failure: PromqlBoundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PromqlBoundError';
  }
}

export function isUnbounded(bound: SeriesBound): boolean {
  return bound.namespaces === 'all' && bound.unnamespaced;
}

/**
 * The matcher that keeps a selector inside `bound` (undefined: nothing to keep out). Namespace
 * names are regex-escaped and quoted, so any name stays a literal alternative.
 */
export function boundMatcher(bound: SeriesBound): string | undefined {
  if (bound.namespaces === 'all') return bound.unnamespaced ? undefined : `${boundLabel}!=""`;
  const names = [...new Set(bound.namespaces)].filter((name) => name !== '').sort();
  if (names.length === 0) {
    if (!bound.unnamespaced) {
      throw new PromqlBoundError('nothing-visible', 'no series of this cluster are visible to you');
    }
    return `${boundLabel}=""`;
  }
  // An empty alternative first also matches series without the label.
  const alternatives = [...(bound.unnamespaced ? [''] : []), ...names.map(regexLiteral)];
  return `${boundLabel}=~"${promqlString(alternatives.join('|'))}"`;
}

const matcherNodes = new Set(['UnquotedLabelMatcher', 'QuotedLabelMatcher', 'QuotedLabelName']);

interface Insertion {
  at: number;
  text: string;
}

/** Where the matcher goes in one VectorSelector: after its last matcher, or into new braces. */
function insertionFor(selector: SyntaxNode, matcher: string): Insertion {
  const braces = selector.getChild('LabelMatchers');
  if (!braces) return { at: selector.to, text: `{${matcher}}` };
  let last: SyntaxNode | null = null;
  for (let child = braces.firstChild; child; child = child.nextSibling) {
    if (matcherNodes.has(child.name)) last = child;
  }
  return last ? { at: last.to, text: `,${matcher}` } : { at: braces.from + 1, text: matcher };
}

interface Parsed {
  selectors: SyntaxNode[];
  top: SyntaxNode | null;
}

function parse(query: string): Parsed {
  const tree = parser.parse(query);
  const selectors: SyntaxNode[] = [];
  let error: number | undefined;
  let info = false;
  tree.iterate({
    enter(node) {
      if (node.type.isError) error ??= node.from;
      else if (node.name === 'VectorSelector') selectors.push(node.node);
      else if (node.name === 'Info') info = true;
    },
  });
  if (query.trim() === '' || error !== undefined) {
    throw new PromqlBoundError(
      'syntax',
      query.trim() === '' ? 'the query is empty' : `the query is not valid PromQL (at ${error})`,
    );
  }
  if (info) {
    throw new PromqlBoundError(
      'unsupported',
      'info() is not available here: it reads series the query does not name',
    );
  }
  return { selectors, top: tree.topNode.firstChild };
}

function insert(query: string, selectors: readonly SyntaxNode[], matcher: string): string {
  const insertions = selectors
    .map((selector) => insertionFor(selector, matcher))
    .sort((a, b) => b.at - a.at);
  let text = query;
  for (const { at, text: piece } of insertions) text = text.slice(0, at) + piece + text.slice(at);
  return text;
}

/**
 * The check behind every rewrite: parsed again, the result has as many selectors as the query
 * had and each carries the bound's matcher, so no selector escaped the insertion.
 */
function assertBounded(result: string, expected: number, matcher: string): void {
  const { selectors } = parse(result);
  const carries = (selector: SyntaxNode) => {
    const braces = selector.getChild('LabelMatchers');
    const children = braces ? [...braces.getChildren('UnquotedLabelMatcher')] : [];
    return children.some((child) => result.slice(child.from, child.to) === matcher);
  };
  if (selectors.length !== expected || !selectors.every(carries)) {
    throw new PromqlBoundError('syntax', 'the query could not be bounded');
  }
}

/** `query` with the bound's matcher added to every vector selector; unchanged when unbounded. */
export function boundQuery(query: string, bound: SeriesBound): string {
  const matcher = boundMatcher(bound);
  if (matcher === undefined) return query;
  const { selectors } = parse(query);
  const result = insert(query, selectors, matcher);
  assertBounded(result, selectors.length, matcher);
  return result;
}

/**
 * A series selector (match[] of the label and series APIs) inside the bound. Without one, the
 * bound itself selects (with a metric-name matcher, since Prometheus needs one matcher that
 * does not match the empty string); undefined when neither restricts anything.
 */
export function boundSeriesSelector(
  match: string | undefined,
  bound: SeriesBound,
): string | undefined {
  const matcher = boundMatcher(bound);
  if (match === undefined || match.trim() === '') {
    return matcher === undefined ? undefined : `{__name__=~".+",${matcher}}`;
  }
  const { top } = parse(match);
  if (top?.name !== 'VectorSelector') {
    throw new PromqlBoundError('syntax', 'match must be a series selector, e.g. up{job="x"}');
  }
  return boundQuery(match, bound);
}
