import { z } from 'zod';
import { locationSchema } from './common.js';
import { dnsLabelPattern } from '../shared/names.js';

const nameSegment = z.string().trim().min(1).max(253);
/** A chart's name may hold slashes below an OCI prefix (e.g. team/web); one path segment here. */
const chartName = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([-a-z0-9._/]*[a-z0-9])?$/, 'must be a chart name');
const chartVersion = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]*$/, 'must be a chart version');

export const chartSummarySchema = z.object({
  /** The ChartSource the chart comes from. */
  source: z.string(),
  sourceType: z.enum(['OCI', 'ChartRepository']),
  name: z.string(),
  description: z.string().optional(),
  icon: z.string().optional(),
  appVersion: z.string().optional(),
  latestVersion: z.string(),
  /** Newest first. */
  versions: z.array(z.string()),
});
export type ChartSummary = z.output<typeof chartSummarySchema>;

export const chartListSchema = z.object({
  items: z.array(chartSummarySchema),
  /** Sources that could not be read, with why (the others are still listed). */
  problems: z.array(z.object({ source: z.string(), message: z.string() })),
});
export type ChartList = z.output<typeof chartListSchema>;

export const chartListQuery = z.object({ search: z.string().trim().max(253).optional() });

export const chartDetailSchema = chartSummarySchema.extend({
  version: z.string(),
  readme: z.string(),
  values: z.string(),
  keywords: z.array(z.string()),
  home: z.string().optional(),
});
export type ChartDetail = z.output<typeof chartDetailSchema>;

/** A chart's icon as a data: URL, so the console shows it under its CSP (img-src 'self' data:). */
export const chartIconSchema = z.object({ dataUrl: z.string() });

export const chartParams = z.object({ source: nameSegment, version: chartVersion });
export const chartQuery = z.object({ name: chartName });

export const releaseParams = locationSchema.extend({ namespace: nameSegment });
export const namedReleaseParams = releaseParams.extend({
  release: z
    .string()
    .trim()
    .min(1)
    .max(53)
    .regex(dnsLabelPattern, 'must be a lowercase release name (at most 53)'),
});

/** Values as YAML text, edited in the console's YAML editor. */
const valuesYaml = z.string().max(512 * 1024);

export const installBody = z.object({
  release: namedReleaseParams.shape.release,
  source: nameSegment,
  chart: chartName,
  version: chartVersion,
  values: valuesYaml.default(''),
});
export type InstallBody = z.input<typeof installBody>;

export const upgradeBody = z.object({
  source: nameSegment,
  chart: chartName,
  version: chartVersion,
  values: valuesYaml.default(''),
});
export type UpgradeBody = z.input<typeof upgradeBody>;

export const releaseRollbackBody = z.object({ revision: z.number().int().min(1) });

export const releaseSchema = z.object({
  name: z.string(),
  namespace: z.string(),
  revision: z.number().int(),
  status: z.string(),
  chart: z.string(),
  appVersion: z.string().optional(),
  /** When the revision was deployed, ISO 8601. */
  updated: z.string().optional(),
});
export type Release = z.output<typeof releaseSchema>;

export const releaseRevisionSchema = z.object({
  revision: z.number().int(),
  status: z.string(),
  chart: z.string(),
  appVersion: z.string().optional(),
  /** When the revision was deployed, ISO 8601. */
  updated: z.string().optional(),
  description: z.string().optional(),
});
export type ReleaseRevision = z.output<typeof releaseRevisionSchema>;

/** What an install, upgrade, rollback or uninstall did, with Helm's own words. */
export const releaseOperationSchema = z.object({
  release: z.string(),
  namespace: z.string(),
  revision: z.number().int().optional(),
  status: z.string(),
  output: z.string(),
});
export type ReleaseOperation = z.output<typeof releaseOperationSchema>;

export const releaseValuesSchema = z.object({ values: z.string() });
