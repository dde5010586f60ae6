/**
 * Credentials are write-only: an edit starts with them empty, and empty means "keep the stored
 * ones" (the API keeps them when none are sent); any field entered replaces the stored set.
 */
export function withoutEmptyCredentials<V extends { credentials?: object | undefined }>(
  values: V,
): V {
  const entered = Object.entries(values.credentials ?? {}).filter(([, value]) => Boolean(value));
  const { credentials: _dropped, ...rest } = values;
  return (entered.length > 0 ? { ...rest, credentials: Object.fromEntries(entered) } : rest) as V;
}
