import { z } from 'zod';
import { resourceNamePattern, resourceNameMessage, userNamePattern } from '../shared/names.js';

/** Cluster-scoped resources arrive with namespace "" from the console; that means none. */
function withoutEmptyNamespace(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { namespace, ...rest } = body as Record<string, unknown>;
  return namespace === '' || namespace === null ? rest : { ...rest, namespace };
}

const text = (max: number) => z.string().max(max);

/** What a favourite points at; also the spec of the Favourite resource, without its user. */
export const favouriteTarget = z.object({
  type: z
    .string()
    .max(63)
    .regex(/^[A-Za-z][A-Za-z0-9]*$/, 'must be a resource kind such as Deployment')
    .meta({ description: 'Kind of the collected resource, e.g. Deployment.' }),
  name: z
    .string()
    .max(253)
    .regex(userNamePattern, 'must be a DNS subdomain')
    .meta({ description: 'Name of the collected resource.' }),
  vendor: text(63).min(1).meta({ description: 'Vendor of the cluster holding the resource.' }),
  region: text(63).min(1).meta({ description: 'Region of the cluster holding the resource.' }),
  cluster: z
    .string()
    .regex(resourceNamePattern, resourceNameMessage)
    .meta({ description: 'Name of the Cluster holding the resource.' }),
  namespace: z
    .string()
    .regex(resourceNamePattern, 'must be a DNS label')
    .optional()
    .meta({ description: 'Namespace, for namespaced resources.' }),
});
export type FavouriteTarget = z.output<typeof favouriteTarget>;

export const favouriteBody = z.preprocess(withoutEmptyNamespace, favouriteTarget);

const identifying = favouriteTarget.pick({
  type: true,
  name: true,
  cluster: true,
  namespace: true,
});
/** A favourite to remove: by its id, or by what it points at. */
const removeFavouriteFields = z.union([z.object({ id: z.string().min(1).max(63) }), identifying]);
export const removeFavouriteBody = z.preprocess(withoutEmptyNamespace, removeFavouriteFields);
/** What a client sends to remove a favourite (the body's input type; preprocessing hides it). */
export type RemoveFavouriteInput = z.input<typeof removeFavouriteFields>;
/** What a client sends to collect a resource. */
export type FavouriteTargetInput = z.input<typeof favouriteTarget>;
export type RemoveFavouriteBody = z.output<typeof removeFavouriteBody>;

/** A favourite as the API lists it; id is the object name. */
export const favouriteViewSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  region: z.string(),
  vendor: z.string(),
  cluster: z.string(),
  namespace: z.string().optional(),
});
export type FavouriteView = z.output<typeof favouriteViewSchema>;
