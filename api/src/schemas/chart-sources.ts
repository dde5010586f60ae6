import { z } from 'zod';
import {
  chartSourceTypes,
  chartSourceUrlMessage,
  chartSourceUrlPattern,
} from '../shared/chart-sources.js';
import { resourceNameMessage, resourceNamePattern } from '../shared/names.js';
import { pathRef } from './common.js';

// App store chart sources (ChartSource). Credentials are write-only: they go to a Secret in the
// operator's namespace that the source never names, and no answer carries them.

const sourceName = z.string().regex(resourceNamePattern, resourceNameMessage);

export const chartSourceCredentialsInput = z.object({
  username: z.string().trim().max(253).optional(),
  password: z.string().max(16_384).optional(),
  /** PEM of a private CA the source's https certificate chains to. */
  caCertificate: z.string().max(65_536).optional(),
});

export const chartSourceInput = z.object({
  name: sourceName,
  organizationId: z.string().min(1).max(253),
  type: z.enum(chartSourceTypes),
  url: z.string().trim().max(2048).regex(chartSourceUrlPattern, chartSourceUrlMessage),
  /** OCI over plain http (like helm --plain-http); only hosts the operator allows may. */
  plainHttp: z.boolean().default(false),
  description: z.string().trim().max(1024).optional(),
  /** On update: absent keeps the stored ones, {} removes them. */
  credentials: chartSourceCredentialsInput.optional(),
});
export type ChartSourceInput = z.output<typeof chartSourceInput>;

/** Test: an unsaved configuration; without credentials, the stored source's (by name). */
export const chartSourceTest = chartSourceInput.extend({ name: sourceName.optional() });
export type ChartSourceTestInput = z.output<typeof chartSourceTest>;
export const chartSourceDelete = z.object({ organizationId: z.string().min(1), name: sourceName });

/** A chart source as the API shows it (never its credentials). */
export const chartSourceViewSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  organizationId: z.string(),
  organization: z.string(),
  type: z.enum(chartSourceTypes),
  url: z.string(),
  plainHttp: z.boolean(),
  description: z.string().optional(),
  credentialsSet: z.boolean(),
  /** The Ready condition the chart-source controller keeps (absent: not checked yet). */
  ready: z
    .object({
      status: z.enum(['True', 'False', 'Unknown']),
      reason: z.string(),
      message: z.string(),
    })
    .optional(),
  createdAt: z.string(),
});
export type ChartSourceView = z.output<typeof chartSourceViewSchema>;

export const chartSourceTestResultSchema = z.object({ chartCount: z.number().int().min(0) });
export const chartSourceOrgParams = z.object({ orgId: pathRef });
