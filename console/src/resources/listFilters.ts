/** What the list page's filter form holds. */
export interface ListFilterValues {
  cluster?: string;
  namespace?: string;
  label?: string;
  name?: string;
}

/**
 * Label input: split at the first ':' into key and value, both trimmed, the value may be
 * empty; empty input (or an empty key) is ignored.
 */
export function normaliseLabel(input: string | undefined): string | undefined {
  if (!input) return undefined;
  const at = input.indexOf(':');
  const key = (at < 0 ? input : input.slice(0, at)).trim();
  const value = at < 0 ? '' : input.slice(at + 1).trim();
  return key ? `${key}:${value}` : undefined;
}

/** The form's values as list query filters; blanks are dropped. */
export function queryFilters(values: ListFilterValues) {
  const label = normaliseLabel(values.label);
  return {
    cluster: values.cluster || undefined,
    namespace: values.namespace?.trim() || undefined,
    labels: label ? [label] : [],
    name: values.name?.trim() || undefined,
  };
}
