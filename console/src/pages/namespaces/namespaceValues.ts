import type {
  ClusterLocation,
  CreateNamespaceBody,
  LimitRangeInput,
  LimitRangeItem,
  LimitRangeSpec,
  Quantities,
  ResourceQuotaSpec,
} from '@nimbus/api';

/** The bounds a limit range sets per type; Kubernetes refuses defaults for type Pod. */
export const POD_BOUNDS = ['max', 'min'] as const;
export const CONTAINER_BOUNDS = ['max', 'min', 'default', 'defaultRequest'] as const;
export type Bound = (typeof CONTAINER_BOUNDS)[number];

/** The form's limit range: every field optional, empty text meaning "not set". */
export type LimitRangeFields = {
  pod?: Partial<Record<(typeof POD_BOUNDS)[number], Quantities>>;
  container?: Partial<Record<Bound, Quantities>>;
};

export interface NamespaceFormValues {
  location?: ClusterLocation;
  name?: string;
  quota?: Quantities;
  limits?: LimitRangeFields;
}

/** The names the create call gives the quota and limit range (operator's choice). */
export const QUOTA_NAME = 'nimbus-quota';
export const LIMIT_RANGE_NAME = 'nimbus-limits';

/** Which spec.hard keys hold a quota's CPU and memory totals, the first present winning. */
const QUOTA_KEYS = {
  cpu: ['limits.cpu', 'cpu', 'requests.cpu'],
  memory: ['limits.memory', 'memory', 'requests.memory'],
} as const;

/** Trimmed quantities without empty entries; undefined when nothing is left. */
function compactQuantities(values: Quantities | undefined): Quantities | undefined {
  const result: Quantities = {};
  for (const key of ['cpu', 'memory'] as const) {
    const text = values?.[key]?.trim();
    if (text) result[key] = text;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function compactBounds<B extends string>(
  bounds: readonly B[],
  values: Partial<Record<B, Quantities>> | undefined,
): Partial<Record<B, Quantities>> | undefined {
  const result: Partial<Record<B, Quantities>> = {};
  for (const bound of bounds) {
    const quantities = compactQuantities(values?.[bound]);
    if (quantities) result[bound] = quantities;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** The create call's limit range, or undefined when no bound is set. */
function limitRangeInput(fields: LimitRangeFields | undefined): LimitRangeInput | undefined {
  const pod = compactBounds(POD_BOUNDS, fields?.pod);
  const container = compactBounds(CONTAINER_BOUNDS, fields?.container);
  if (!pod && !container) return undefined;
  return { ...(pod ? { pod } : {}), ...(container ? { container } : {}) };
}

/** POST /k8s.{host}/namespaces: the location, the name and only the parts the user filled in. */
export function createBody(
  values: NamespaceFormValues & { location: ClusterLocation },
): CreateNamespaceBody & ClusterLocation {
  const { vendor, region, cluster } = values.location;
  const resourceQuota = compactQuantities(values.quota);
  const limitRange = limitRangeInput(values.limits);
  return {
    vendor,
    region,
    cluster,
    name: (values.name ?? '').trim(),
    ...(resourceQuota ? { resourceQuota } : {}),
    ...(limitRange ? { limitRange } : {}),
  };
}

/** A quota's CPU and memory totals, read from whichever key the quota uses. */
export function quotaQuantities(hard: Record<string, string> | undefined): Quantities {
  const result: Quantities = {};
  for (const resource of ['cpu', 'memory'] as const) {
    const key = QUOTA_KEYS[resource].find((candidate) => hard?.[candidate] !== undefined);
    if (key) result[resource] = hard?.[key];
  }
  return result;
}

/**
 * The spec a quota edit sends: the totals under the keys the quota already uses (limits.* for a
 * new one), other limits of the quota kept, cleared totals removed.
 */
export function quotaSpec(
  values: Quantities,
  current: ResourceQuotaSpec = {},
): ResourceQuotaSpec & { hard: Record<string, string> } {
  const hard = current.hard ?? {};
  const next = new Map(Object.entries(hard));
  for (const resource of ['cpu', 'memory'] as const) {
    const keys = QUOTA_KEYS[resource];
    const key = keys.find((candidate) => hard[candidate] !== undefined) ?? keys[0];
    const text = values[resource]?.trim();
    if (text) next.set(key, text);
    else next.delete(key);
  }
  // PUT replaces the whole spec: scopes the quota had stay.
  return { ...current, hard: Object.fromEntries(next) };
}

const itemBounds = (item: LimitRangeItem | undefined, bounds: readonly Bound[]) =>
  Object.fromEntries(
    bounds.map((bound) => [
      bound,
      { cpu: item?.[bound]?.cpu ?? '', memory: item?.[bound]?.memory ?? '' },
    ]),
  );

/** A limit range's Pod and Container bounds as form values. */
export function limitRangeFields(spec: Partial<LimitRangeSpec> | undefined): LimitRangeFields {
  const limits = spec?.limits ?? [];
  return {
    pod: itemBounds(
      limits.find((item) => item.type === 'Pod'),
      POD_BOUNDS,
    ),
    container: itemBounds(
      limits.find((item) => item.type === 'Container'),
      CONTAINER_BOUNDS,
    ),
  };
}

/**
 * The spec a limit range edit sends: Pod and Container items from the form, items of other types
 * (e.g. PersistentVolumeClaim) kept as they were.
 */
export function limitRangeSpec(
  fields: LimitRangeFields,
  current: Partial<LimitRangeSpec> | undefined,
): LimitRangeSpec {
  const input = limitRangeInput(fields);
  const others = (current?.limits ?? []).filter(
    (item) => item.type !== 'Pod' && item.type !== 'Container',
  );
  const items: LimitRangeItem[] = [];
  if (input?.pod) items.push({ type: 'Pod', ...input.pod } as LimitRangeItem);
  if (input?.container) items.push({ type: 'Container', ...input.container } as LimitRangeItem);
  return { limits: [...items, ...others] };
}
