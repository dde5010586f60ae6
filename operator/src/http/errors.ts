/**
 * The one error catalogue of the API. Every non-success envelope carries one of these codes;
 * docs/api.md mirrors this table, and errors.test.ts keeps the two in step.
 */
export interface CatalogueEntry {
  readonly code: number;
  readonly status: number;
  readonly message: string;
}

function entry(code: number, status: number, message: string): CatalogueEntry {
  return Object.freeze({ code, status, message });
}

export const success = entry(0, 200, 'success');

export const errors = {
  validationFailed: entry(1000, 400, 'validation failed'),
  badJson: entry(1001, 400, 'request body is not valid JSON'),
  payloadTooLarge: entry(1002, 413, 'request body is too large'),
  unsupportedMediaType: entry(1003, 415, 'unsupported request body encoding'),
  notFound: entry(1004, 404, 'not found'),
  conflict: entry(1005, 409, 'resource already exists or was changed by someone else'),
  rateLimited: entry(1006, 429, 'too many requests, please retry later'),
  badCredentials: entry(1007, 401, 'Incorrect user name or password'),
  mfaRequired: entry(1008, 401, 'MFA code required'),
  mfaInvalid: entry(1009, 401, 'Invalid MFA code'),
  passwordChangeRequired: entry(1010, 403, 'Password change required'),
  invitationInvalid: entry(1011, 400, 'Invalid or expired invitation'),
  signatureInvalid: entry(1012, 401, 'Invalid request signature'),
  csrfRejected: entry(1013, 403, 'Cross-site request refused'),
  organizationInUse: entry(1020, 409, 'organization still has clusters or registries'),
  organizationDeleting: entry(1021, 409, 'organization is being deleted'),
  clusterUnreachable: entry(2001, 502, 'cluster is unreachable'),
  hubUnavailable: entry(2002, 503, 'management cluster is unavailable'),
  internal: entry(5000, 500, 'internal server error'),
  noPermission: entry(9997, 403, 'no operation permission, contact the administrator'),
  tokenInvalid: entry(9998, 401, 'token is invalid or expired, please login again'),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorName = keyof typeof errors;

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
