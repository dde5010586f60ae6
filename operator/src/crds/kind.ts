import { z } from 'zod';
import type { CelRule } from './rules.js';

export const group = 'nimbus.io';
export const version = 'v1alpha1';
export const apiVersion = `${group}/${version}`;

export interface PrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  jsonPath: string;
  description?: string;
  priority?: number;
}

export interface NameRule {
  pattern: RegExp;
  /** Shown by kubectl and the API when metadata.name does not match. */
  message: string;
  /** For patterns that cannot bound the length themselves. */
  maxLength?: number;
}

interface KindOptions<Spec extends z.ZodType, Status extends z.ZodType> {
  kind: string;
  plural: string;
  shortNames: string[];
  description: string;
  name: NameRule;
  spec: Spec;
  status: Status;
  printerColumns: PrinterColumn[];
  /**
   * `kubectl get <category>` lists every kind in it: `nimbus` for what administrators author
   * (default), `nimbus-runtime` for state the product creates as people use it.
   */
  category?: 'nimbus' | 'nimbus-runtime';
  /** Rewrites spellings older objects in the hub may still hold into today's, before parsing. */
  upgrade?: (object: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Root-level CEL rules the API server enforces on kubectl writes, beside the name rule: rules
   * that compare spec fields with metadata.name. They have no zod twin on purpose: the operator
   * still reads objects written before a rule existed and reports them in status conditions.
   */
  rootRules?: CelRule[];
}

export interface KindDefinition<
  Spec extends z.ZodType = z.ZodType,
  Status extends z.ZodType = z.ZodType,
> extends KindOptions<Spec, Status> {
  singular: string;
  /** The whole object as the operator reads it from the hub or receives it from a client. */
  schema: z.ZodObject<{
    apiVersion: z.ZodLiteral<string>;
    kind: z.ZodLiteral<string>;
    metadata: z.ZodObject<{ name: z.ZodString }, z.core.$loose>;
    spec: Spec;
    status: z.ZodOptional<Status>;
  }>;
  /** Root-level CEL rule carrying the name rule, since CRD schemas cannot constrain metadata. */
  nameValidation: CelRule;
}

/**
 * Ready (and at -o wide its reason) from the Ready condition: the convention every kind that
 * reports conditions follows (docs/gitops.md), and what Argo CD's and Flux's checks read.
 */
export const readyColumns: PrinterColumn[] = [
  {
    name: 'Ready',
    type: 'string',
    jsonPath: '.status.conditions[?(@.type=="Ready")].status',
    description: 'Status of the Ready condition: True, False or Unknown.',
  },
  {
    name: 'Reason',
    type: 'string',
    jsonPath: '.status.conditions[?(@.type=="Ready")].reason',
    description: 'Reason of the Ready condition; `kubectl describe` shows its message.',
    priority: 1,
  },
];

/** Parses a hub object of `kind`, reading older spellings as today's (KindOptions.upgrade). */
export function parseStored<K extends KindDefinition>(
  kind: K,
  object: Record<string, unknown>,
): z.ZodSafeParseResult<z.output<K['schema']>> {
  return kind.schema.safeParse(
    kind.upgrade ? kind.upgrade(object) : object,
  ) as z.ZodSafeParseResult<z.output<K['schema']>>;
}

export const ageColumn: PrinterColumn = {
  name: 'Age',
  type: 'date',
  jsonPath: '.metadata.creationTimestamp',
};

function celString(pattern: RegExp): string {
  return `'${pattern.source.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** One place that turns a kind's zod schemas and naming into everything the CRD needs. */
export function defineKind<Spec extends z.ZodType, Status extends z.ZodType>(
  options: KindOptions<Spec, Status>,
): KindDefinition<Spec, Status> {
  const { pattern, message, maxLength } = options.name;
  const patterned = z.string().regex(pattern, message);
  const nameSchema = maxLength === undefined ? patterned : patterned.max(maxLength, message);
  return {
    ...options,
    singular: options.kind.toLowerCase(),
    schema: z.object({
      apiVersion: z.literal(apiVersion),
      kind: z.literal(options.kind),
      metadata: z.looseObject({ name: nameSchema }),
      spec: options.spec,
      status: options.status.optional(),
    }),
    nameValidation: {
      rule: `self.metadata.name.matches(${celString(options.name.pattern)})`,
      message: options.name.message,
      reason: 'FieldValueInvalid',
      fieldPath: '.metadata.name',
    },
  };
}
