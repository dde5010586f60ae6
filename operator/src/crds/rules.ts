import type { z } from 'zod';

/** A Kubernetes CEL validation rule, as written into x-kubernetes-validations. */
export interface CelRule {
  rule: string;
  message: string;
  fieldPath?: string;
  reason?:
    'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';
}

type Meta = Record<string, unknown>;

function withMeta<S extends z.ZodType>(schema: S, extra: Meta): S {
  return schema.meta({ ...(schema.meta() ?? {}), ...extra }) as S;
}

/**
 * Attaches one rule twice: as a CEL rule the API server enforces on `kubectl apply`, and as the
 * equivalent zod check the operator runs on API input. Keep `check` and `rule.rule` equivalent.
 * `apiMessage` is for the few rules where the API's answer is worded by the contract's message
 * catalogue, differently from the sentence a kubectl user should read.
 */
export function withRule<S extends z.ZodType>(
  schema: S,
  rule: CelRule,
  check: (value: z.output<S>) => boolean,
  apiMessage: string = rule.message,
): S {
  const refined = schema.refine(check, {
    message: apiMessage,
    ...(rule.fieldPath ? { path: rule.fieldPath.replace(/^\./, '').split('.') } : {}),
  }) as S;
  const existing = (schema.meta()?.['x-kubernetes-validations'] as CelRule[] | undefined) ?? [];
  return withMeta(refined, { 'x-kubernetes-validations': [...existing, rule] });
}

function duplicates(keys: string[]): string[] {
  const seen = new Set<string>();
  return keys.filter((key) => (seen.has(key) ? true : (seen.add(key), false)));
}

/** A list whose items are identified by `key` (server-side apply merges per item; no duplicates). */
export function listMap<S extends z.ZodArray<z.ZodObject>>(list: S, key: string): S {
  const unique = list.refine(
    (items) =>
      duplicates((items as Record<string, unknown>[]).map((item) => String(item[key]))).length ===
      0,
    { message: `entries must have distinct ${key} values` },
  ) as S;
  return withMeta(unique, { 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': [key] });
}

/** A list of distinct scalar values. */
export function listSet<S extends z.ZodArray<z.ZodString>>(list: S): S {
  const unique = list.refine((items) => duplicates(items as string[]).length === 0, {
    message: 'entries must be distinct',
  }) as S;
  return withMeta(unique, { 'x-kubernetes-list-type': 'set' });
}
