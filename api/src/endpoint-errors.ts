import type { Endpoint } from './endpoint.js';
import type { ErrorName } from './shared/errors.js';
import { errorCatalogue } from './shared/errors.js';

/**
 * Any call can fail inside the operator or find the management cluster away, and the API's one
 * JSON body parser reads a body sent with any method, so a malformed one is refused anywhere.
 */
const everyCall: readonly ErrorName[] = [
  'internal',
  'hubUnavailable',
  'validationFailed',
  'badJson',
  'payloadTooLarge',
  'unsupportedMediaType',
];
/**
 * Every call's credentials are checked, on public paths too: a signature or client header that
 * does not hold, or a session that must first change its password, is refused.
 */
const credentials: readonly ErrorName[] = [
  'tokenInvalid',
  'signatureInvalid',
  'passwordChangeRequired',
];
/** What parsed inputs name can be missing. */
const withInput: readonly ErrorName[] = ['notFound'];
/**
 * A write of a hub or member object can race another writer or find it gone, and nothing new
 * joins an organization being deleted.
 */
const writes: readonly ErrorName[] = ['conflict', 'notFound', 'organizationDeleting'];
/** A call a member cluster answers as the caller (its 429s are passed on). */
const memberCall: readonly ErrorName[] = [
  'clusterUnreachable',
  'rateLimited',
  'conflict',
  'notFound',
];

/** What each service reaches beyond the hub (the path's `{service}.{host}` segment). */
const serviceErrors: Readonly<Record<string, readonly ErrorName[]>> = {
  k8s: memberCall,
  crd: memberCall,
  monitor: ['clusterUnreachable', 'notFound'],
  // A stored credential is refused once its address changed without it.
  alarm: ['clusterUnreachable', 'credentialsForAnotherAddress'],
  cost: ['clusterUnreachable'],
  appstore: [
    ...memberCall,
    'chartSourceUnreachable',
    'chartSourceCredentialsRejected',
    'credentialsForAnotherAddress',
  ],
  manage: [
    'clusterUnreachable',
    'registryUnreachable',
    'registryCredentialsRejected',
    'credentialsForAnotherAddress',
  ],
  // With the shared store (docs/audit.md "Where records are kept") the database may be away.
  audit: ['storeUnavailable'],
  // Password hashing runs with bounded concurrency; a full queue answers 429.
  iam: ['rateLimited'],
  auth: ['rateLimited'],
};

function serviceOf(path: string): string {
  return /^\/([a-z0-9-]+)\.\{host\}/.exec(path)?.[1] ?? '';
}

/**
 * The error names a call can answer, derived from its declaration: access gives the session and
 * permission codes, inputs (path, query, body) validation and not-found, a write the
 * conflict codes, its service what that service reaches; `errors` adds what only it answers.
 */
export function errorNamesOf(endpoint: Endpoint): ErrorName[] {
  const names = new Set<ErrorName>(everyCall);
  const add = (list: readonly ErrorName[]) => list.forEach((name) => names.add(name));
  add(credentials);
  if (endpoint.access.allow !== 'public') names.add('noPermission');
  // State-changing calls carrying a cookie need the CSRF proof.
  if (endpoint.method !== 'GET') names.add('csrfRejected');
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.path.includes(':'))
    add(withInput);
  if (endpoint.method !== 'GET') add(writes);
  add(serviceErrors[serviceOf(endpoint.path)] ?? []);
  add(endpoint.errors ?? []);
  return [...names].sort((a, b) => errorCatalogue[a].code - errorCatalogue[b].code);
}

/** The envelope codes a call can answer besides success. */
export function errorCodesOf(endpoint: Endpoint): number[] {
  return errorNamesOf(endpoint).map((name) => errorCatalogue[name].code);
}
