import { z } from 'zod';
import { auditLevels } from './policy.js';
import { maxWindow } from './query.js';
import { auditPresets } from './record.js';

/** The internal call one replica makes to another; not under /api, never audited itself. */
export const peerRecordsPath = '/internal/v1/audit/records';

// Strict: a filter this replica does not understand must fail, never widen the answer.
const filterSchema = z.strictObject({
  organizationUids: z.array(z.string()).max(100_000).optional(),
  organizationUid: z.string().optional(),
  user: z.string().optional(),
  operation: z.string().optional(),
  resource: z.string().optional(),
  method: z.string().optional(),
  httpStatus: z.number().int().optional(),
  code: z.number().int().optional(),
  from: z.number().optional(),
  to: z.number().optional(),
  preset: z.enum(auditPresets).optional(),
  cluster: z.string().optional(),
  namespace: z.string().optional(),
  kind: z.string().optional(),
  name: z.string().optional(),
  after: z.strictObject({ requestTime: z.number(), id: z.string() }).optional(),
});

export const peerQuerySchema = z.object({
  filter: filterSchema,
  limit: z.number().int().min(1).max(maxWindow),
});

export type PeerQuery = z.infer<typeof peerQuerySchema>;

const recordSchema = z.object({
  id: z.string(),
  userName: z.string(),
  // Required: a replica too old to record it cannot scope its answer, so it counts as missing.
  organization: z.string().nullable(),
  organizationUid: z.string().nullable(),
  resource: z.string(),
  method: z.string(),
  requestTime: z.number(),
  uri: z.string(),
  httpStatus: z.number(),
  code: z.number().nullable(),
  message: z.string(),
  handleTimeMs: z.number(),
  requestHeader: z.record(z.string(), z.string()),
  requestBody: z.string(),
  // Defaults: a replica from before levels and targets answers what it recorded whole.
  responseBody: z.string().default(''),
  level: z.enum(auditLevels).exclude(['None']).default('Request'),
  cluster: z.string().nullable().default(null),
  namespace: z.string().nullable().default(null),
  kind: z.string().nullable().default(null),
  name: z.string().nullable().default(null),
  operation: z.string().nullable().default(null),
  category: z.enum(['check']).nullable().default(null),
});

export const peerAnswerSchema = z.object({
  code: z.literal(0),
  data: z.object({ items: z.array(recordSchema).max(maxWindow), total: z.number().int().min(0) }),
});
