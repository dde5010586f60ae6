import * as oidc from 'openid-client';
import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import { ApiError, errors } from '../core/errors.js';
import { clientSecretKey, identityProviderSecretName } from '../crds/identity-provider.js';
import type { HubStore, IdentityProviderObject } from '../hub/store.js';
import { ProviderCallError, providerFetch } from './outbound-fetch.js';

export interface ProviderClientOptions {
  store: Pick<HubStore, 'secrets'>;
  policy: OutboundPolicy;
  resolve?: Resolver;
  /** Deadline of each call to a provider. */
  timeoutMs?: number;
  /** How long a discovery document is reused before it is read again. */
  maxAgeMs?: number;
  now?: () => number;
}

/** The openid-client configurations of the providers, one per provider version and secret. */
export interface ProviderClients {
  configuration(provider: IdentityProviderObject): Promise<oidc.Configuration>;
  /** Reads an issuer's discovery document once (2007 when it cannot), e.g. before storing it. */
  discover(provider: string, issuer: string): Promise<void>;
}

const defaultTimeoutMs = 10_000;
const defaultMaxAgeMs = 10 * 60_000;

/** Our own words about a failed call, wherever in the cause chain openid-client put them. */
function ownReason(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    if (cause instanceof ProviderCallError) return cause.message;
    cause = cause.cause;
  }
  return undefined;
}

/** What a provider's failure says to the caller: our words, never the provider's internals. */
export function unreachable(provider: string, error: unknown): ApiError {
  const reason =
    ownReason(error) ??
    (error instanceof oidc.ClientError ? error.message : 'its answer could not be used');
  return new ApiError(errors.identityProviderUnreachable, {
    message: `the identity provider ${provider} could not be reached: ${reason}`,
    cause: error,
  });
}

/** The client secret, from the provider's own Secret (the name is not configurable). */
export async function readClientSecret(
  store: Pick<HubStore, 'secrets'>,
  provider: string,
): Promise<{ value: string; version: string } | undefined> {
  const secret = await store.secrets.get(identityProviderSecretName(provider));
  const value = secret?.data[clientSecretKey];
  return secret && value ? { value, version: secret.resourceVersion } : undefined;
}

/**
 * Discovery through the provider fetch (outbound policy, pinned addresses), client_secret_basic,
 * and ID token signatures checked against the issuer's keys (openid-client skips that by default
 * for tokens from the token endpoint; a plain-http test-bed issuer has no TLS to vouch instead).
 * Plain http only for issuers the outbound policy allows (allow-listed hosts).
 */
export function createProviderClients(options: ProviderClientOptions): ProviderClients {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const fetch = providerFetch({
    policy: options.policy,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    timeoutMs,
  });
  const cache = new Map<string, { key: string; at: number; config: Promise<oidc.Configuration> }>();

  const discover = (
    issuerUrl: string,
    clientId: string,
    auth: oidc.ClientAuth,
  ): Promise<oidc.Configuration> => {
    const issuer = new URL(issuerUrl);
    const execute = [
      oidc.enableNonRepudiationChecks,
      ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : []),
    ];
    return oidc.discovery(issuer, clientId, undefined, auth, {
      [oidc.customFetch]: fetch as oidc.CustomFetch,
      execute,
      timeout: Math.ceil(timeoutMs / 1000),
    });
  };

  return {
    async discover(provider, issuer) {
      try {
        await discover(issuer, 'nimbus', oidc.None());
      } catch (error) {
        throw unreachable(provider, error);
      }
    },
    async configuration(provider) {
      const name = provider.metadata.name;
      const secret = await readClientSecret(options.store, name);
      if (!secret) {
        throw new ApiError(errors.signInRefused, {
          message: `the identity provider ${name} has no client secret (Secret ${identityProviderSecretName(name)})`,
        });
      }
      const key = [provider.metadata.uid, provider.metadata.generation ?? 0, secret.version].join(
        '|',
      );
      const cached = cache.get(name);
      const fresh =
        cached?.key === key && now() - cached.at < (options.maxAgeMs ?? defaultMaxAgeMs);
      const config =
        fresh && cached
          ? cached.config
          : discover(
              provider.spec.issuer,
              provider.spec.clientId,
              oidc.ClientSecretBasic(secret.value),
            );
      if (!fresh) {
        cache.set(name, { key, at: now(), config });
        // A failed discovery is not kept: the next sign-in tries again.
        config.catch(() => {
          if (cache.get(name)?.config === config) cache.delete(name);
        });
      }
      try {
        return await config;
      } catch (error) {
        throw unreachable(name, error);
      }
    },
  };
}
