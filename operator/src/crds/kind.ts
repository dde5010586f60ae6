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
