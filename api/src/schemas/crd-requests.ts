import { z } from 'zod';
import { pageQuery } from './common.js';

/** The index's largest page. */
export const maxIndexPage = 500;

/** A query value given once, repeated, or comma-separated, as a list without blanks. */
const many = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (value === undefined ? [] : Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );

export const clustersQuery = pageQuery.extend({
  cluster: many,
  name: z.string().trim().max(253).optional(),
});

export const listQuery = z.object({
  cluster: many,
  namespace: many,
  label: z
    .union([z.string().max(317), z.array(z.string().max(317)).max(20)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  name: z.string().trim().max(253).optional(),
  sort: z.enum(['name', 'created']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  pageSize: z.coerce.number().int().min(1).max(maxIndexPage).default(50),
  cursor: z.string().max(4096).optional(),
});
export type ListQueryInput = z.output<typeof listQuery>;

/** An export takes a list's filters and order; it has no pages (it streams them all). */
export const exportKindQuery = listQuery.omit({ pageSize: true, cursor: true });
export type ExportKindQueryInput = z.output<typeof exportKindQuery>;

/** The kinds one change stream follows at most (a page's list and its detail sections). */
export const maxFollowedKinds = 10;

export const changesQuery = z.object({
  kind: many.pipe(
    z
      .array(z.string().max(63))
      .min(1, 'name at least one kind')
      .max(maxFollowedKinds, `at most ${maxFollowedKinds} kinds`),
  ),
  cluster: many,
  namespace: many,
});
export type ChangesQueryInput = z.output<typeof changesQuery>;

export const searchQuery = z.object({
  keyword: z.string().trim().min(1, 'keyword is required').max(253),
});

export const kindParams = z.object({ kind: z.string().max(63) });
