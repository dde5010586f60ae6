// Reading Kubernetes objects as plain JSON: both the console (index objects) and the operator
// (live objects read from a member) walk the same paths.

/** The value at `path` inside `value`, or undefined when any step is missing. */
export function valueAt(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** A scalar at `path` as text; undefined when missing or not a scalar. */
export const textAt = (value: unknown, ...path: (string | number)[]): string | undefined => {
  const found = valueAt(value, ...path);
  return typeof found === 'string' || typeof found === 'number' || typeof found === 'boolean'
    ? String(found)
    : undefined;
};

/** The array at `path`, or an empty one. */
export const arrayAt = (value: unknown, ...path: (string | number)[]): unknown[] => {
  const found = valueAt(value, ...path);
  return Array.isArray(found) ? found : [];
};
