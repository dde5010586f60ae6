import { parse } from 'yaml';
import { z } from 'zod';
import { checkOutboundUrl, type OutboundPolicy, type Resolver } from '../outbound/policy.js';

/**
 * Turns an uploaded kubeconfig into the few connection options Nimbus supports, or refuses it.
 * The raw file never reaches @kubernetes/client-node: its loader runs exec plugins and reads the
 * files a kubeconfig names, which would let an uploader run commands or read the operator's
 * disk. Error reasons name fields only, never their values, so credentials cannot leak into
 * responses, logs or audit records.
 */
export const MAX_KUBECONFIG_BYTES = 256 * 1024;

export type CleanUser =
  { token: string } | { clientCertificateData: string; clientKeyData: string };

export interface CleanKubeconfig {
  server: string;
  /** Base64 PEM, as in the kubeconfig's certificate-authority-data. */
  certificateAuthorityData?: string;
  tlsServerName?: string;
  user: CleanUser;
}

export type SanitizeResult =
  { ok: true; kubeconfig: CleanKubeconfig; addresses: string[] } | { ok: false; reason: string };

export interface SanitizeOptions {
  policy: OutboundPolicy;
  resolve?: Resolver;
}

const KubeconfigFile = z.object({
  clusters: z.array(
    z.object({ name: z.string().min(1), cluster: z.record(z.string(), z.unknown()) }),
  ),
  users: z.array(z.object({ name: z.string().min(1), user: z.record(z.string(), z.unknown()) })),
  contexts: z.array(
    z.object({
      name: z.string().min(1),
      context: z.object({ cluster: z.string().min(1), user: z.string().min(1) }),
    }),
  ),
  'current-context': z.string().optional(),
});

// Fields we understand but refuse, with the reason shown to the uploader.
const REFUSED_CLUSTER_FIELDS: Readonly<Record<string, string>> = {
  'certificate-authority': 'reads a local file; embed certificate-authority-data instead',
  'proxy-url': 'routes traffic through a proxy, which is not supported',
  'insecure-skip-tls-verify': 'disables TLS verification',
};

const REFUSED_USER_FIELDS: Readonly<Record<string, string>> = {
  exec: 'runs a local command (exec plugin); use a token or client certificate',
  'auth-provider': 'uses an auth-provider plugin; use a token or client certificate',
  tokenFile: 'reads a local file; embed the token instead',
  'token-file': 'reads a local file; embed the token instead',
  'client-certificate': 'reads a local file; embed client-certificate-data instead',
  'client-key': 'reads a local file; embed client-key-data instead',
  username: 'uses basic authentication, which Kubernetes no longer supports',
  password: 'uses basic authentication, which Kubernetes no longer supports',
  as: 'sets impersonation; Nimbus impersonates the calling user itself',
  'as-uid': 'sets impersonation; Nimbus impersonates the calling user itself',
  'as-groups': 'sets impersonation; Nimbus impersonates the calling user itself',
  'as-user-extra': 'sets impersonation; Nimbus impersonates the calling user itself',
};

const base64Pem = z.string().refine((value) => {
  const compact = value.replace(/\s+/g, '');
  return (
    /^[A-Za-z0-9+/]+={0,2}$/.test(compact) &&
    Buffer.from(compact, 'base64').toString('latin1').includes('-----BEGIN ')
  );
});

const SafeCluster = z.strictObject({
  server: z.string().min(1),
  'certificate-authority-data': base64Pem.optional(),
  'tls-server-name': z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/)
    .optional(),
  'disable-compression': z.boolean().optional(),
  extensions: z.array(z.unknown()).optional(),
});

const SafeUser = z.strictObject({
  // Visible ASCII only: a newline in a token would split the Authorization header.
  token: z
    .string()
    .regex(/^[\x21-\x7e]+$/)
    .optional(),
  'client-certificate-data': base64Pem.optional(),
  'client-key-data': base64Pem.optional(),
  extensions: z.array(z.unknown()).optional(),
});

type Failure = { ok: false; reason: string };

function fail(reason: string): Failure {
  return { ok: false, reason };
}

function describeIssues(what: string, error: z.ZodError): string {
  const fields = error.issues.map((issue) => issue.path.map(String).join('.') || '(root)');
  return `${what} has missing or invalid fields: ${[...new Set(fields)].join(', ')}`;
}

// Empty values are how some tools write "unset", so they do not count as the field being used.
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && value !== false;
}

function refusedField(
  what: string,
  fields: Record<string, unknown>,
  refused: Readonly<Record<string, string>>,
): string | undefined {
  for (const [key, value] of Object.entries(fields)) {
    const reason = refused[key];
    if (reason !== undefined && isSet(value)) return `${what} field "${key}" ${reason}`;
  }
  return undefined;
}

function unknownField(
  what: string,
  fields: Record<string, unknown>,
  known: Record<string, unknown>,
): string | undefined {
  const extra = Object.keys(fields).find((key) => !(key in known));
  return extra === undefined ? undefined : `${what} field "${extra}" is not supported`;
}

// Refused fields left empty (checked by refusedField) are dropped before the strict schema.
function withoutRefused(
  fields: Record<string, unknown>,
  refused: Readonly<Record<string, string>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !(key in refused)));
}

function parseDocument(text: string): { ok: true; value: unknown } | Failure {
  if (Buffer.byteLength(text, 'utf8') > MAX_KUBECONFIG_BYTES) {
    return fail(`the kubeconfig is larger than ${MAX_KUBECONFIG_BYTES / 1024} KiB`);
  }
  try {
    // JSON is YAML, so one parser serves both. Aliases are refused outright (no billion laughs).
    const value: unknown = parse(text, {
      maxAliasCount: 0,
      merge: false,
      schema: 'core',
      uniqueKeys: true,
    });
    return { ok: true, value };
  } catch (error) {
    // The parser's message quotes the offending source line, which may hold a credential.
    const line = (error as { linePos?: { line: number }[] }).linePos?.[0]?.line;
    return fail(`the kubeconfig is not valid YAML or JSON${line ? ` (line ${line})` : ''}`);
  }
}

function findUnique<T extends { name: string }>(
  entries: T[],
  name: string,
  what: string,
): T | Failure {
  const matches = entries.filter((entry) => entry.name === name);
  if (matches.length === 0) return fail(`${what} "${name}" is not defined`);
  if (matches.length > 1) return fail(`${what} "${name}" is defined more than once`);
  return matches[0] as T;
}

function cleanUser(fields: z.infer<typeof SafeUser>): CleanUser | Failure {
  const token = fields.token;
  const cert = fields['client-certificate-data'];
  const key = fields['client-key-data'];
  if (token !== undefined && (cert !== undefined || key !== undefined)) {
    return fail('the user has both a token and a client certificate; keep one');
  }
  if (token !== undefined) return { token };
  if (cert !== undefined && key !== undefined) {
    return { clientCertificateData: compact(cert), clientKeyData: compact(key) };
  }
  if (cert !== undefined || key !== undefined) {
    return fail('the user needs both client-certificate-data and client-key-data');
  }
  return fail('the user has no token or client certificate');
}

function compact(base64: string): string {
  return base64.replace(/\s+/g, '');
}

function isFailure(value: object): value is Failure {
  return 'ok' in value && value.ok === false;
}

export async function sanitizeKubeconfig(
  text: string,
  options: SanitizeOptions,
): Promise<SanitizeResult> {
  const parsed = parseDocument(text);
  if (!parsed.ok) return parsed;
  const file = KubeconfigFile.safeParse(parsed.value);
  if (!file.success) return fail(describeIssues('the kubeconfig', file.error));
  const { clusters, users, contexts } = file.data;

  const currentContext = file.data['current-context'];
  let contextName: string;
  if (currentContext) contextName = currentContext;
  else if (contexts.length === 1 && contexts[0]) contextName = contexts[0].name;
  else return fail('the kubeconfig must set current-context or have exactly one context');

  const context = findUnique(contexts, contextName, 'context');
  if (isFailure(context)) return context;
  const clusterEntry = findUnique(clusters, context.context.cluster, 'cluster');
  if (isFailure(clusterEntry)) return clusterEntry;
  const userEntry = findUnique(users, context.context.user, 'user');
  if (isFailure(userEntry)) return userEntry;

  const refusal =
    refusedField('cluster', clusterEntry.cluster, REFUSED_CLUSTER_FIELDS) ??
    refusedField('user', userEntry.user, REFUSED_USER_FIELDS);
  if (refusal) return fail(refusal);
  const clusterFields = withoutRefused(clusterEntry.cluster, REFUSED_CLUSTER_FIELDS);
  const userFields = withoutRefused(userEntry.user, REFUSED_USER_FIELDS);
  const unsupported =
    unknownField('cluster', clusterFields, SafeCluster.shape) ??
    unknownField('user', userFields, SafeUser.shape);
  if (unsupported) return fail(unsupported);

  const cluster = SafeCluster.safeParse(clusterFields);
  if (!cluster.success) return fail(describeIssues('the cluster', cluster.error));
  const safeUser = SafeUser.safeParse(userFields);
  if (!safeUser.success) return fail(describeIssues('the user', safeUser.error));
  const user = cleanUser(safeUser.data);
  if (isFailure(user)) return user;

  const serverCheck = await checkOutboundUrl(cluster.data.server, options.policy, options.resolve);
  if (!serverCheck.ok) return fail(`the cluster server URL is refused: ${serverCheck.reason}`);
  const { url } = serverCheck;
  if (url.search !== '' || url.hash !== '') {
    return fail('the cluster server URL must not have a query or fragment');
  }

  const kubeconfig: CleanKubeconfig = {
    server: `${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    user,
  };
  const caData = cluster.data['certificate-authority-data'];
  if (caData !== undefined) kubeconfig.certificateAuthorityData = compact(caData);
  const tlsServerName = cluster.data['tls-server-name'];
  if (tlsServerName !== undefined) kubeconfig.tlsServerName = tlsServerName;
  return { ok: true, kubeconfig, addresses: serverCheck.addresses };
}
