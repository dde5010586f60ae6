import { z } from 'zod';
import { listOrders, listSortKeys } from '../shared/list-order.js';

export const defaultPageSize = 20;
export const maxPageSize = 100;

/** Query of every list endpoint: page from 1, pageSize 1..100 (default 20), free-text search. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  search: z.string().trim().max(253).optional(),
});
export type PageQuery = z.output<typeof pageQuery>;

/** A page of an admin list in the order asked for (name ascending unless told). */
export const sortedPageQuery = pageQuery.extend({
  sort: z.enum(listSortKeys).default('name'),
  order: z.enum(listOrders).default('asc'),
});
export type SortedPageQuery = z.output<typeof sortedPageQuery>;

/** A page of users or groups; `cluster` keeps those with an own binding on that cluster. */
export const boundPageQuery = sortedPageQuery.extend({
  cluster: z.string().trim().max(253).optional(),
});
export type BoundPageQuery = z.output<typeof boundPageQuery>;

/** A page of a server-paged list. */
export const pageOf = <S extends z.ZodType>(item: S) =>
  z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A page of a list read with a continue token (member lists, the index's keyset pages). */
export const cursorPageOf = <S extends z.ZodType>(item: S) =>
  z.object({ items: z.array(item), nextCursor: z.string().optional() });

const locationPart = z.string().trim().min(1, 'Required').max(253);

/** Where a member cluster is addressed: /vendors/:vendor/regions/:region/clusters/:cluster. */
export const locationSchema = z.object({
  vendor: locationPart,
  region: locationPart,
  cluster: locationPart,
});
export type ClusterLocation = z.output<typeof locationSchema>;

/** Express pattern of a location, below a service. */
export const locationPath = '/vendors/:vendor/regions/:region/clusters/:cluster';

export const effectSchema = z.enum(['Allow', 'Deny']);
export type Effect = z.output<typeof effectSchema>;

/** A Kubernetes condition as the hub's resources and nodes carry it. */
export const conditionSchema = z.object({
  type: z.string(),
  status: z.string(),
  reason: z.string().optional(),
  message: z.string().optional(),
  lastTransitionTime: z.string().optional(),
  observedGeneration: z.number().int().optional(),
});

export const stringMap = z.record(z.string(), z.string());

/** An object named in a path: its uuid (metadata.uid) or its name. */
export const pathRef = z.string().min(1).max(253);
