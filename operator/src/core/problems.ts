import type { z } from 'zod';
import { ApiError, errors } from './errors.js';
import type { ValidationIssue } from './validate.js';
import { parseInput } from './validate.js';

/** A duplicate name gives '{0} already existed, please change'. */
export function alreadyExists(name: string): ApiError {
  return new ApiError(errors.conflict, { message: `${name} already existed, please change` });
}

export function notFound(what: string): ApiError {
  return new ApiError(errors.notFound, { message: `${what} not found` });
}

/** An organization is being deleted: nothing new joins it. */
export function organizationDeleting(name: string): ApiError {
  return new ApiError(errors.organizationDeleting, {
    message: `organization ${name} is being deleted`,
  });
}

/** A validation failure of one field, in the same shape as parseInput's issues. */
export function invalid(path: string, message: string): ApiError {
  return new ApiError(errors.validationFailed, {
    message: `${path}: ${message}`,
    details: [{ path, message }],
  });
}

/**
 * parseInput with a message a person can read in the console's notification, e.g.
 * "inviter: Required; invitationCode: Required" (issue messages never echo the input).
 */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  try {
    return parseInput(schema, input);
  } catch (error) {
    if (!(error instanceof ApiError) || !Array.isArray(error.details)) throw error;
    const issues = error.details as ValidationIssue[];
    const message = issues
      .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
      .join('; ');
    throw new ApiError(errors.validationFailed, { message, details: issues });
  }
}
