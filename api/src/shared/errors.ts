/**
 * The error codes of the API envelope with their default messages and the HTTP status each is
 * answered with: the operator answers with them, the console reacts to them, and the OpenAPI
 * document lists, per operation, the ones it can answer.
 */
export const errorCatalogue = {
  validationFailed: { code: 1000, status: 400, message: 'validation failed' },
  badJson: { code: 1001, status: 400, message: 'request body is not valid JSON' },
  payloadTooLarge: { code: 1002, status: 413, message: 'request body is too large' },
  unsupportedMediaType: {
    code: 1003,
    status: 415,
    message: 'unsupported request body encoding',
  },
  notFound: { code: 1004, status: 404, message: 'not found' },
  conflict: {
    code: 1005,
    status: 409,
    message: 'resource already exists or was changed by someone else',
  },
  rateLimited: { code: 1006, status: 429, message: 'too many requests, please retry later' },
  badCredentials: { code: 1007, status: 401, message: 'Incorrect user name or password' },
  mfaRequired: { code: 1008, status: 401, message: 'MFA code required' },
  mfaInvalid: { code: 1009, status: 401, message: 'Invalid MFA code' },
  passwordChangeRequired: { code: 1010, status: 403, message: 'Password change required' },
  invitationInvalid: { code: 1011, status: 400, message: 'Invalid or expired invitation' },
  signatureInvalid: { code: 1012, status: 401, message: 'Invalid request signature' },
  csrfRejected: { code: 1013, status: 403, message: 'Cross-site request refused' },
  credentialsForAnotherAddress: {
    code: 1014,
    status: 400,
    message: 'give the credentials again: they are only sent to the address they were given for',
  },
  signInRefused: { code: 1015, status: 401, message: 'single sign-on was refused' },
  registrationTokenInvalid: {
    code: 1016,
    status: 401,
    message: 'the registration token is invalid, used or expired',
  },
  organizationInUse: {
    code: 1020,
    status: 409,
    message: 'organization still has clusters or registries',
  },
  organizationDeleting: { code: 1021, status: 409, message: 'organization is being deleted' },
  clusterUnreachable: { code: 2001, status: 502, message: 'cluster is unreachable' },
  hubUnavailable: { code: 2002, status: 503, message: 'management cluster is unavailable' },
  registryUnreachable: { code: 2003, status: 502, message: 'image registry is unreachable' },
  registryCredentialsRejected: {
    code: 2004,
    status: 400,
    message: 'the image registry refused the credentials',
  },
  chartSourceUnreachable: {
    code: 2005,
    status: 502,
    message: 'the chart source could not be read',
  },
  chartSourceCredentialsRejected: {
    code: 2006,
    status: 400,
    message: 'the chart source refused the credentials',
  },
  identityProviderUnreachable: {
    code: 2007,
    status: 502,
    message: 'the identity provider could not be reached',
  },
  storeUnavailable: {
    code: 2008,
    status: 503,
    message: 'the shared database is unavailable',
  },
  internal: { code: 5000, status: 500, message: 'internal server error' },
  noPermission: {
    code: 9997,
    status: 403,
    message: 'no operation permission, contact the administrator',
  },
  tokenInvalid: {
    code: 9998,
    status: 401,
    message: 'token is invalid or expired, please login again',
  },
} as const satisfies Record<string, { code: number; status: number; message: string }>;

export type ErrorName = keyof typeof errorCatalogue;

/** The envelope code of a successful call. */
export const successCode = 0;
