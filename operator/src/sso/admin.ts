import type {
  IdentityProviderView,
  ParsedIdentityProviderBody,
  ParsedIdentityProviderUpdate,
} from '@nimbus/api';
import { signInCallbackPath } from '@nimbus/api/shared';
import { alreadyExists, invalid, notFound } from '../core/problems.js';
import { clientSecretKey, identityProviderSecretName } from '../crds/identity-provider.js';
import { writeOwnedSecret } from '../hub/owned-secret.js';
import type { HubStore, IdentityProviderObject } from '../hub/store.js';
import type { Identity } from '../identity/identity.js';
import type { ProviderClients } from './provider-client.js';
import { readClientSecret } from './provider-client.js';

export interface ProviderAdminDeps {
  store: Pick<HubStore, 'identityProviders' | 'secrets'>;
  clients: ProviderClients;
}

function toView(
  provider: IdentityProviderObject,
  secretSet: boolean,
  origin: string,
): IdentityProviderView {
  const { metadata, spec, status } = provider;
  const ready = status?.conditions?.find((c) => c.type === 'Ready');
  return {
    uuid: metadata.uid,
    name: metadata.name,
    displayName: spec.displayName,
    issuer: spec.issuer,
    clientId: spec.clientId,
    clientSecretSet: secretSet,
    scopes: spec.scopes,
    claims: spec.claims,
    groupMappings: spec.groupMappings ?? [],
    enabled: spec.enabled,
    ...(ready
      ? { ready: { status: ready.status, reason: ready.reason, message: ready.message } }
      : {}),
    redirectUri: `${origin}${signInCallbackPath}`,
    createdAt: metadata.creationTimestamp,
  };
}

const viewOf = async (deps: ProviderAdminDeps, provider: IdentityProviderObject, origin: string) =>
  toView(
    provider,
    (await readClientSecret(deps.store, provider.metadata.name)) !== undefined,
    origin,
  );

function specOf(body: ParsedIdentityProviderUpdate): IdentityProviderObject['spec'] {
  return {
    displayName: body.displayName,
    issuer: body.issuer,
    clientId: body.clientId,
    scopes: body.scopes,
    claims: body.claims,
    ...(body.groupMappings.length > 0 ? { groupMappings: body.groupMappings } : {}),
    enabled: body.enabled,
  };
}

/** The secret goes to the provider's own Secret, owned by it; it is never read back out. */
async function storeSecret(
  deps: ProviderAdminDeps,
  provider: IdentityProviderObject,
  value: string,
): Promise<void> {
  await writeOwnedSecret(deps.store.secrets, provider, {
    name: identityProviderSecretName(provider.metadata.name),
    data: { [clientSecretKey]: value },
    labels: { 'nimbus.io/identity-provider': provider.metadata.name },
  });
}

const sameIssuer = (a: string, b: string): boolean => new URL(a).href === new URL(b).href;

export async function listIdentityProviders(
  deps: ProviderAdminDeps,
  _identity: Identity,
  origin: string,
): Promise<{ items: IdentityProviderView[] }> {
  const providers = deps.store.identityProviders
    .list()
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  return { items: await Promise.all(providers.map((p) => viewOf(deps, p, origin))) };
}

/** Refused (2007) when the issuer's discovery document cannot be read: nothing is stored then. */
export async function createIdentityProvider(
  deps: ProviderAdminDeps,
  _identity: Identity,
  body: ParsedIdentityProviderBody,
  origin: string,
): Promise<IdentityProviderView> {
  if (!body.clientSecret) throw invalid('clientSecret', 'Required');
  if (await deps.store.identityProviders.fetch(body.name)) throw alreadyExists(body.name);
  await deps.clients.discover(body.name, body.issuer);
  const provider = await deps.store.identityProviders.create({
    metadata: { name: body.name },
    spec: specOf(body),
  });
  try {
    await storeSecret(deps, provider, body.clientSecret);
  } catch (error) {
    await deps.store.identityProviders.delete(provider.metadata.name);
    throw error;
  }
  return toView(provider, true, origin);
}

/**
 * The stored client secret is kept when none is given, but never for another issuer: otherwise
 * an administrator could send it to a server of their choosing by changing the issuer.
 */
export async function updateIdentityProvider(
  deps: ProviderAdminDeps,
  _identity: Identity,
  name: string,
  body: ParsedIdentityProviderUpdate,
  origin: string,
): Promise<IdentityProviderView> {
  const current = deps.store.identityProviders.get(name);
  if (!current) throw notFound(`identity provider ${name}`);
  const stored = await readClientSecret(deps.store, name);
  if (!body.clientSecret && !sameIssuer(body.issuer, current.spec.issuer)) {
    throw invalid('clientSecret', 'give the client secret again when the issuer changes');
  }
  if (!body.clientSecret && !stored) throw invalid('clientSecret', 'Required');
  if (!sameIssuer(body.issuer, current.spec.issuer)) await deps.clients.discover(name, body.issuer);
  const updated = await deps.store.identityProviders.modify(name, (_spec, object) => {
    if (object.metadata.uid !== current.metadata.uid) throw notFound(`identity provider ${name}`);
    return specOf(body);
  });
  if (body.clientSecret) await storeSecret(deps, updated, body.clientSecret);
  return toView(updated, true, origin);
}

/** The users it created stay (and keep their link): a provider of the same issuer finds them. */
export async function deleteIdentityProvider(
  deps: ProviderAdminDeps,
  _identity: Identity,
  name: string,
): Promise<{ name: string }> {
  if (!deps.store.identityProviders.get(name)) throw notFound(`identity provider ${name}`);
  await deps.store.identityProviders.delete(name);
  await deps.store.secrets.delete(identityProviderSecretName(name));
  return { name };
}
