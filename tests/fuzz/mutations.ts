// Bad input made from plausible input: one node of the value is replaced, removed or added to,
// so each request is wrong in one place and the rest still reaches the code behind it.
import fc from 'fast-check';
import { deepJsonValue, hostileString, prototypeKeys, wrongTypeValue } from './hostile.js';

export const mutationKinds = [
  'none',
  'wrongType',
  'missingField',
  'extraField',
  'hostileString',
  'deepNesting',
  'wholeValue',
] as const;
export type MutationKind = (typeof mutationKinds)[number];

export interface Mutation {
  kind: MutationKind;
  /** Which node (by position in a depth-first walk) is changed. */
  pick: number;
  hostile: string;
  wrong: unknown;
  extraKey: string;
  depth: number;
}

export function mutation(): fc.Arbitrary<Mutation> {
  return fc.record({
    kind: fc.constantFrom(...mutationKinds),
    pick: fc.nat(),
    hostile: hostileString(),
    wrong: wrongTypeValue(),
    extraKey: fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('__proto__', 'constructor', 'prototype', '', '$where', '..'),
    ),
    // Deeper values would overflow JSON.stringify here; encoding 'deepJson' sends 200,000 levels.
    depth: fc.constantFrom(100, 1_000, 2_000),
  });
}

type Path = ReadonlyArray<string | number>;

function nodePaths(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  into.push(path);
  if (Array.isArray(value)) value.forEach((item, index) => nodePaths(item, [...path, index], into));
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) nodePaths(item, [...path, key], into);
  }
  return into;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A deep copy that keeps own keys such as `__proto__` as plain properties. */
function copy(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function parentOf(root: unknown, path: Path): { parent: unknown; key: string | number } {
  let parent = root;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[key];
  return { parent, key: path[path.length - 1] as string | number };
}

function replaceAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const { parent, key } = parentOf(root, path);
  Object.defineProperty(parent, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return root;
}

/** The value with the mutation applied; `undefined` only when a missing body is the mutation. */
export function applyMutation(value: unknown, change: Mutation): unknown {
  if (change.kind === 'none') return value;
  const root = copy(value);
  const paths = nodePaths(root);
  const at = <T extends Path>(candidates: T[]): T | undefined =>
    candidates.length === 0 ? undefined : candidates[change.pick % candidates.length];
  switch (change.kind) {
    case 'wrongType':
      return replaceAt(root, at(paths) ?? [], change.wrong);
    case 'hostileString': {
      const strings = paths.filter((path) => typeof valueAt(root, path) === 'string');
      return replaceAt(root, at(strings) ?? at(paths) ?? [], change.hostile);
    }
    case 'deepNesting':
      return replaceAt(root, at(paths) ?? [], deepJsonValue(change.depth));
    case 'missingField': {
      const fields = paths.filter(
        (path) => path.length > 0 && isObject(parentOf(root, path).parent),
      );
      const path = at(fields);
      if (!path) return undefined;
      const { parent, key } = parentOf(root, path);
      Reflect.deleteProperty(parent as object, key);
      return root;
    }
    case 'extraField': {
      const objects = paths.filter((path) => isObject(valueAt(root, path)));
      const path = at(objects);
      if (!path) return { [change.extraKey]: change.wrong, ...prototypeKeys[change.pick % 2] };
      const target = valueAt(root, path) as Record<string, unknown>;
      Object.defineProperty(target, change.extraKey, {
        value: change.wrong,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return root;
    }
    case 'wholeValue':
      return change.wrong;
  }
}

function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) value = (value as Record<string | number, unknown>)[key];
  return value;
}
