// YAML import and "edit YAML": the console parses the YAML; these are the objects it sends, checked
// again here because anyone can send them.
import { z } from 'zod';
import {
  documentProblem,
  documentProblemText,
  maxImportDocuments,
} from '../shared/import-kinds.js';
import { locationSchema } from './common.js';
import { memberRefusalSchema } from './refusal.js';
import { dnsLabel } from './namespace-requests.js';
import { detailParams, detailQuery, objectName } from './resource-requests.js';

/** One parsed document: apiVersion, kind and a name of an importable kind (shared/import-kinds). */
export const importDocument = z.record(z.string(), z.unknown()).superRefine((document, ctx) => {
  const problem = documentProblem(document);
  if (problem) ctx.addIssue({ code: 'custom', message: documentProblemText(problem) });
});

/** `namespace` (the path's) is where documents without metadata.namespace go. */
export const importParams = locationSchema.extend({ namespace: dnsLabel });

export const importBody = z.object({
  /** Only ask the member whether each document would be accepted (dryRun=All). */
  dryRun: z.boolean().default(false),
  documents: z
    .array(importDocument)
    .min(1, 'Required')
    .max(maxImportDocuments, `at most ${maxImportDocuments} documents per import`),
});
export type ImportBody = z.input<typeof importBody>;

/** created and configured: what the member did (or, in a dry run, would do). */
export const importOutcomeSchema = z.enum(['created', 'configured', 'failed']);
export type ImportOutcome = z.output<typeof importOutcomeSchema>;

export const importItemSchema = z.object({
  /** Position of the document in the request, from 0. */
  index: z.number().int().min(0),
  apiVersion: z.string(),
  kind: z.string(),
  name: z.string(),
  /** Where it went; absent for cluster-scoped kinds. */
  namespace: z.string().optional(),
  outcome: importOutcomeSchema,
  /** The member's reason for a failure. */
  message: z.string().optional(),
  /** The call the member refused, when its RBAC or escalation check said no. */
  refusal: memberRefusalSchema.optional(),
});
export type ImportItem = z.output<typeof importItemSchema>;

/** One item per document, in the request's order: exactly which were applied and which not. */
export const importResultSchema = z.object({
  dryRun: z.boolean(),
  items: z.array(importItemSchema),
});
export type ImportResult = z.output<typeof importResultSchema>;

export const replaceResourceParams = locationSchema.extend(detailParams.shape);
export const replaceResourceQuery = detailQuery;

/** The edited object: the resourceVersion it was read at makes a stale edit a conflict. */
export const replaceResourceBody = z.looseObject({
  apiVersion: z.string().trim().min(1, 'Required').max(253),
  kind: z.string().trim().min(1, 'Required').max(63),
  metadata: z.looseObject({
    name: objectName,
    namespace: dnsLabel.optional(),
    resourceVersion: z.string().min(1, 'Required: the version the edit started from').max(64),
  }),
});
export type ReplaceResourceBody = z.input<typeof replaceResourceBody>;
