import type { RegistryKind } from '@nimbus/api/shared';
import { registryRegion } from '@nimbus/api/shared';
import { z } from 'zod';
import { configuredEndpoint } from '../clusters/providers/aws/endpoints.js';
import { signRequest } from '../clusters/providers/aws/sigv4.js';
import { hmacSha256 } from '../clusters/providers/signing.js';
import { ApiError, errors } from '../core/errors.js';
import { invalid } from '../core/problems.js';
import type { RegistryLogin } from './oci-distribution.js';
import { credentialsRejected } from './oci-distribution.js';
import { registryUnreachable } from './registry-http.js';

/** What a registry's Secret holds (write-only fields of the add wizard). */
export interface RegistryCredentials {
  username?: string | undefined;
  password?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  caCertificate?: string | undefined;
}

export type CredentialField = keyof RegistryCredentials;

/** The fields each kind signs in with, in the wizard's order. */
export const credentialFields: Record<RegistryKind, CredentialField[]> = {
  DockerHub: [],
  Harbor: ['username', 'password', 'caCertificate'],
  Distribution: ['username', 'password', 'caCertificate'],
  ECR: ['accessKeyId', 'secretAccessKey'],
  ACR: ['username', 'password'],
  GAR: ['username', 'password'],
  TCR: ['username', 'password'],
  SWR: ['accessKeyId', 'secretAccessKey'],
};

/** Which fields a kind requires (the others of credentialFields are optional). */
const requiredFields: Partial<Record<RegistryKind, CredentialField[]>> = {
  ECR: ['accessKeyId', 'secretAccessKey'],
  SWR: ['accessKeyId', 'secretAccessKey'],
  ACR: ['username', 'password'],
  GAR: ['username', 'password'],
  TCR: ['username', 'password'],
};

/** Keeps only the kind's fields; refuses a missing required one (by name, never by value). */
export function credentialsFor(
  kind: RegistryKind,
  input: RegistryCredentials | undefined,
): RegistryCredentials {
  const kept: RegistryCredentials = {};
  for (const field of credentialFields[kind]) {
    const value = input?.[field];
    if (value !== undefined && value !== '') kept[field] = value;
  }
  for (const field of requiredFields[kind] ?? []) {
    if (kept[field] === undefined) throw invalid(`credentials.${field}`, 'Required');
  }
  if ((kept.username === undefined) !== (kept.password === undefined)) {
    throw invalid('credentials.password', 'a user name and a password go together');
  }
  return kept;
}

export interface LoginContext {
  /** Vendor API base URLs by key (ecr), tests point them at fakes. */
  endpoints: Record<string, string>;
  fetch: typeof fetch;
  now: () => Date;
}

/**
 * Huawei SWR's long-term login: user `{region}@{AK}`, password hex(HMAC-SHA256(SK, AK)), as
 * the console's "generate login command" computes it.
 */
export function swrLogin(region: string, credentials: RegistryCredentials): RegistryLogin {
  const ak = credentials.accessKeyId ?? '';
  return {
    username: `${region}@${ak}`,
    password: hmacSha256(credentials.secretAccessKey ?? '', ak).toString('hex'),
  };
}

const ecrTokenAnswer = z.object({
  authorizationData: z
    .array(z.object({ authorizationToken: z.string(), expiresAt: z.unknown().optional() }))
    .min(1),
});

/** AWS ECR: GetAuthorizationToken (SigV4, service ecr) gives base64("AWS:<password>"). */
export async function ecrLogin(
  region: string,
  credentials: RegistryCredentials,
  ctx: LoginContext,
): Promise<RegistryLogin> {
  const suffix = region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
  const url = new URL(
    configuredEndpoint(ctx.endpoints['ecr'], region, `https://api.ecr.${region}.${suffix}`),
  );
  const body = '{}';
  const headers = await signRequest({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.GetAuthorizationToken',
    },
    body,
    credentials: {
      accessKeyId: credentials.accessKeyId ?? '',
      secretAccessKey: credentials.secretAccessKey ?? '',
    },
    scope: { region, service: 'ecr' },
    now: ctx.now(),
  });
  let response: Response;
  try {
    response = await ctx.fetch(url, { method: 'POST', headers, body, redirect: 'error' });
  } catch (error) {
    throw registryUnreachable('the ECR API could not be reached', error);
  }
  const text = await response.text();
  if (response.status === 400 || response.status === 403) throw credentialsRejected();
  if (!response.ok) throw registryUnreachable(`the ECR API answered HTTP ${response.status}`);
  let parsed;
  try {
    parsed = ecrTokenAnswer.parse(JSON.parse(text));
  } catch (error) {
    throw registryUnreachable('the ECR API answer has no authorization token', error);
  }
  const decoded = Buffer.from(
    parsed.authorizationData[0]?.authorizationToken ?? '',
    'base64',
  ).toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw registryUnreachable('the ECR authorization token is malformed');
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The login a kind's registry accepts, derived from its stored credentials. */
export async function loginFor(
  kind: RegistryKind,
  host: string,
  credentials: RegistryCredentials,
  ctx: LoginContext,
): Promise<RegistryLogin | undefined> {
  if (kind === 'ECR' || kind === 'SWR') {
    const region = registryRegion(kind, host);
    if (!region) {
      throw new ApiError(errors.validationFailed, {
        message: `host ${host} is not a ${kind} registry host`,
      });
    }
    return kind === 'ECR' ? ecrLogin(region, credentials, ctx) : swrLogin(region, credentials);
  }
  if (credentials.username !== undefined && credentials.password !== undefined) {
    return { username: credentials.username, password: credentials.password };
  }
  return undefined;
}
