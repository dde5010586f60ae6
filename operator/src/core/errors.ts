import { errorCatalogue, successCode } from '@nimbus/api/shared';
import type { ErrorName } from '@nimbus/api/shared';

/**
 * The one error catalogue of the API: the shared codes and messages (api/src/shared/errors.ts)
 * with the HTTP status each is answered with. docs/api.md mirrors this table, and errors.test.ts
 * keeps the two in step.
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

const httpStatus = {
  validationFailed: 400,
  badJson: 400,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  notFound: 404,
  conflict: 409,
  rateLimited: 429,
  badCredentials: 401,
  mfaRequired: 401,
  mfaInvalid: 401,
  passwordChangeRequired: 403,
  invitationInvalid: 400,
  signatureInvalid: 401,
  csrfRejected: 403,
  organizationInUse: 409,
  organizationDeleting: 409,
  clusterUnreachable: 502,
  hubUnavailable: 503,
  registryUnreachable: 502,
  registryCredentialsRejected: 400,
  chartSourceUnreachable: 502,
  chartSourceCredentialsRejected: 400,
  internal: 500,
  noPermission: 403,
  tokenInvalid: 401,
} as const satisfies Record<ErrorName, number>;

export const errors = Object.fromEntries(
  Object.entries(errorCatalogue).map(([name, { code, message }]) => [
    name,
    entry(code, httpStatus[name as ErrorName], message),
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
