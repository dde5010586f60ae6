import { z } from 'zod';
import { ApiError, errors } from '../../core/errors.js';
import { JWT_BEARER_GRANT, jwtAssertion } from './gcp/jwt-assertion.js';
import { DEFAULT_TOKEN_URI, gcpCredentials, type GcpCredentials } from './gcp/service-account.js';
import type { ClusterConnection, ProviderAdapter, ProviderContext } from './types.js';

export { gcpCredentials, type GcpCredentials };

export const DEFAULT_GKE_ENDPOINT = 'https://container.googleapis.com';
const PROJECT = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
const LOCATION = /^[a-z]+-[a-z]+\d+(-[a-z])?$/;
const CLUSTER = /^[a-z]([-a-z0-9]{0,38}[a-z0-9])?$/;
// GKE reports a bare IP or host; a port only appears with fakes and test beds.
const ENDPOINT = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;
const MAX_MESSAGE = 400;

const tokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive().optional(),
});

const clusterResponse = z.object({
  endpoint: z.string().regex(ENDPOINT),
  masterAuth: z.object({ clusterCaCertificate: z.string().min(1) }),
});

/** Vendor text is redacted, then cut at its first line (AWS appends the canonical request there). */
function fail(message: string, secrets: readonly string[]): never {
  let safe = message;
  for (const secret of secrets) {
    if (secret) safe = safe.split(secret).join('[redacted]');
  }
  const firstLine = safe.split('\n')[0] ?? '';
  throw new ApiError(errors.clusterUnreachable, { message: firstLine.slice(0, MAX_MESSAGE) });
}

function vendorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as {
      error?: string | { message?: unknown; status?: unknown };
      error_description?: unknown;
    };
    const { error } = parsed;
    const text =
      typeof error === 'object'
        ? `${String(error.status ?? '')} ${String(error.message ?? '')}`.trim()
        : `${error ?? ''} ${typeof parsed.error_description === 'string' ? parsed.error_description : ''}`.trim();
    if (text) return text;
  } catch {
    // not JSON: fall through to the generic text
  }
  return 'no error details';
}

/** A key can come back reformatted, so every base64 line of it is redacted on its own too. */
function keySecrets(pem: string): string[] {
  return [pem, ...pem.split('\n').filter((line) => line.length >= 16 && !line.startsWith('-----'))];
}

async function call(
  what: string,
  ctx: ProviderContext,
  url: string,
  init: RequestInit,
  secrets: readonly string[],
): Promise<unknown> {
  let response: Response;
  try {
    response = await ctx.fetch(url, { ...init, redirect: 'error', signal: ctx.signal });
  } catch (error) {
    return fail(`${what} could not be reached: ${(error as Error).message}`, secrets);
  }
  const body = await response.text();
  if (!response.ok) {
    return fail(`${what} failed (HTTP ${response.status}): ${vendorMessage(body)}`, secrets);
  }
  try {
    return JSON.parse(body);
  } catch {
    return fail(`${what} returned a body that is not JSON`, secrets);
  }
}

async function accessToken(
  credentials: GcpCredentials,
  ctx: ProviderContext,
): Promise<{ token: string; expiresAt: Date }> {
  const tokenUri = ctx.endpoints.gcpToken ?? credentials.token_uri ?? DEFAULT_TOKEN_URI;
  const now = ctx.now();
  const assertion = jwtAssertion({
    clientEmail: credentials.client_email,
    privateKey: credentials.private_key,
    privateKeyId: credentials.private_key_id,
    audience: tokenUri,
    now,
  });
  const json = await call(
    'Google OAuth token exchange',
    ctx,
    tokenUri,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
    },
    [...keySecrets(credentials.private_key), assertion],
  );
  const parsed = tokenResponse.safeParse(json);
  if (!parsed.success) return fail('Google OAuth token exchange returned no access token', []);
  return {
    token: parsed.data.access_token,
    expiresAt: new Date(now.getTime() + (parsed.data.expires_in ?? 3600) * 1000),
  };
}

/** GKE: service-account key → OAuth 2.0 access token → clusters.get for endpoint and CA. */
export const gcpProvider: ProviderAdapter<GcpCredentials> = {
  kind: 'ProviderGCP',
  credentials: gcpCredentials,
  async connect(spec, credentials, ctx): Promise<ClusterConnection> {
    const project = spec.vendorProjectId ?? '';
    const cluster = spec.vendorClusterId ?? '';
    if (!PROJECT.test(project))
      return fail('the Google Cloud project id is missing or invalid', []);
    if (!LOCATION.test(spec.region))
      return fail(`"${spec.region}" is not a GKE region or zone`, []);
    if (!CLUSTER.test(cluster)) return fail('the GKE cluster name is missing or invalid', []);
    const { token, expiresAt } = await accessToken(credentials, ctx);
    const path = `/v1/projects/${project}/locations/${spec.region}/clusters/${cluster}`;
    const json = await call(
      'GKE clusters.get',
      ctx,
      new URL(path, ctx.endpoints.gke ?? DEFAULT_GKE_ENDPOINT).toString(),
      { method: 'GET', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
      [token, ...keySecrets(credentials.private_key)],
    );
    const parsed = clusterResponse.safeParse(json);
    if (!parsed.success)
      return fail('GKE clusters.get returned no endpoint or CA certificate', [token]);
    return {
      server: `https://${parsed.data.endpoint}`,
      certificateAuthorityData: parsed.data.masterAuth.clusterCaCertificate,
      auth: { token },
      expiresAt,
    };
  },
};
