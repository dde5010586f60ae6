import { errorCatalogue, successCode } from '@nimbus/api/shared';
import type { ErrorName } from '@nimbus/api/shared';

/**
 * The one error catalogue of the API: the shared codes, HTTP statuses and messages
 * (api/src/shared/errors.ts). docs/api.md mirrors this table, and errors.test.ts keeps the two
 * in step.
 */
export interface CatalogueEntry {
  readonly code: number;
  readonly status: number;
  readonly message: string;
}

function entry(code: number, status: number, message: string): CatalogueEntry {
  return Object.freeze({ code, status, message });
}

export const success = entry(successCode, 200, 'success');

export const errors = Object.fromEntries(
  Object.entries(errorCatalogue).map(([name, { code, status, message }]) => [
    name,
    entry(code, status, message),
  ]),
) as { readonly [N in ErrorName]: CatalogueEntry };

export type { ErrorName };

export interface ApiErrorOptions {
  /** Replaces the catalogue's default message; must never contain secrets or internals. */
  message?: string;
  /** Safe, client-facing detail such as validation issues; becomes the envelope's data. */
  details?: unknown;
  /** The underlying error, logged but never sent. */
  cause?: unknown;
}

export class ApiError extends Error {
  readonly entry: CatalogueEntry;
  readonly details: unknown;

  constructor(catalogueEntry: CatalogueEntry, options: ApiErrorOptions = {}) {
    super(options.message ?? catalogueEntry.message, { cause: options.cause });
    this.name = 'ApiError';
    this.entry = catalogueEntry;
    this.details = options.details;
  }
}
