/**
 * The error codes of the API envelope (SPEC §8) with their default messages: the operator answers
 * with them and the console reacts to them. HTTP statuses are the operator's edge's business.
 */
export const errorCatalogue = {
  validationFailed: { code: 1000, message: 'validation failed' },
  badJson: { code: 1001, message: 'request body is not valid JSON' },
  payloadTooLarge: { code: 1002, message: 'request body is too large' },
  unsupportedMediaType: { code: 1003, message: 'unsupported request body encoding' },
  notFound: { code: 1004, message: 'not found' },
  conflict: { code: 1005, message: 'resource already exists or was changed by someone else' },
  rateLimited: { code: 1006, message: 'too many requests, please retry later' },
  badCredentials: { code: 1007, message: 'Incorrect user name or password' },
  mfaRequired: { code: 1008, message: 'MFA code required' },
  mfaInvalid: { code: 1009, message: 'Invalid MFA code' },
  passwordChangeRequired: { code: 1010, message: 'Password change required' },
  invitationInvalid: { code: 1011, message: 'Invalid or expired invitation' },
  signatureInvalid: { code: 1012, message: 'Invalid request signature' },
  csrfRejected: { code: 1013, message: 'Cross-site request refused' },
  organizationInUse: { code: 1020, message: 'organization still has clusters or registries' },
  organizationDeleting: { code: 1021, message: 'organization is being deleted' },
  clusterUnreachable: { code: 2001, message: 'cluster is unreachable' },
  hubUnavailable: { code: 2002, message: 'management cluster is unavailable' },
  registryUnreachable: { code: 2003, message: 'image registry is unreachable' },
  registryCredentialsRejected: {
    code: 2004,
    message: 'the image registry refused the credentials',
  },
  chartSourceUnreachable: { code: 2005, message: 'the chart source could not be read' },
  chartSourceCredentialsRejected: {
    code: 2006,
    message: 'the chart source refused the credentials',
  },
  internal: { code: 5000, message: 'internal server error' },
  noPermission: { code: 9997, message: 'no operation permission, contact the administrator' },
  tokenInvalid: { code: 9998, message: 'token is invalid or expired, please login again' },
} as const;

export type ErrorName = keyof typeof errorCatalogue;

/** The envelope code of a successful call. */
export const successCode = 0;
