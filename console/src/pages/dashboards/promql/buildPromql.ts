import type { PromqlBuilderInput } from '@nimbus/api';

type Func = NonNullable<PromqlBuilderInput['functions']>[number];

const rangeFunctions: ReadonlySet<Func> = new Set(['rate', 'irate', 'increase']);
const kFunctions: ReadonlySet<Func> = new Set(['topk', 'bottomk']);

/** A PromQL string literal: backslashes and double quotes escaped. */
export function quote(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`;
}

function selector(builder: PromqlBuilderInput): string {
  const filters = (builder.filters ?? [])
    .filter((f) => f.label !== '')
    .map((f) => `${f.label}${f.operator}${quote(f.value)}`);
  return filters.length > 0 ? `${builder.metric}{${filters.join(', ')}}` : builder.metric;
}

function grouping(builder: PromqlBuilderInput): string {
  const labels = builder.labels ?? [];
  return labels.length > 0 ? ` ${builder.dimension ?? 'by'} (${labels.join(', ')})` : '';
}

/**
 * The query the PromQL builder stands for: the metric narrowed by its
 * label filters, then each function in order, innermost first. rate, irate and increase take the
 * interval as their range (a subquery when they follow an aggregation); sum, count, min, max,
 * avg, topk and bottomk aggregate by or without the chosen labels; topk and bottomk keep K.
 */
export function buildPromql(builder: PromqlBuilderInput): string {
  if (!builder.metric) return '';
  const interval = builder.interval ?? '5m';
  let expression = selector(builder);
  let isSelector = true;
  for (const fn of builder.functions ?? []) {
    if (rangeFunctions.has(fn)) {
      expression = `${fn}(${expression}[${interval}${isSelector ? '' : ':'}])`;
    } else if (kFunctions.has(fn)) {
      expression = `${fn}${grouping(builder)} (${builder.k ?? 5}, ${expression})`;
    } else {
      expression = `${fn}${grouping(builder)} (${expression})`;
    }
    isSelector = false;
  }
  return expression;
}
