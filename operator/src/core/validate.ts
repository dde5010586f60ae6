import type { z } from 'zod';
import { ApiError, errors } from './errors.js';

export interface ValidationIssue {
  path: string;
  message: string;
}

/** Parses untrusted input; failures become a validationFailed error listing paths, not values. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new ApiError(errors.validationFailed, { details: issues });
}
