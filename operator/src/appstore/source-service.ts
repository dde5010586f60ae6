import type { ChartSourceInput, ChartSourceTestInput, ChartSourceView } from '@nimbus/api';
import { chartSourceAddress, chartSourceUrlFits } from '@nimbus/api/shared';
import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import { statusChange } from '../controllers/conditions.js';
import { ApiError, errors } from '../core/errors.js';
import { alreadyExists, invalid } from '../core/problems.js';
import { assertKeptAddress } from '../credentials/credential-address.js';
import type { ChartSourceObject, HubStore, OrganizationObject } from '../hub/store.js';
import {
  addressedOrganization,
  admins,
  assertAcceptsNewMembers,
  organizationLabels,
  ownedBy,
} from '../access/org-scope.js';
import type { Identity } from '../identity/identity.js';
import type { SourceCheck } from './source-check.js';
import { checkSource, decideSource } from './source-check.js';
import type { SourceCredentials } from './source-credentials.js';
import {
  chartSourceSecretName,
  hasCredentials,
  keptCredentials,
  readSourceCredentials,
  writeSourceCredentials,
} from './source-credentials.js';

export interface SourceServices {
  store: Pick<HubStore, 'chartSources' | 'organizations' | 'secrets'>;
  policy: OutboundPolicy;
  resolve?: Resolver;
}

type Input = Pick<ChartSourceTestInput, 'type' | 'url' | 'plainHttp' | 'description'>;

const adminOrganization = (services: SourceServices, identity: Identity, ref: string) =>
  addressedOrganization(services.store.organizations, identity, ref, admins);

function ownSource(services: SourceServices, org: OrganizationObject, name: string) {
  return ownedBy(services.store.chartSources.get(name), org.metadata.name, `chart source ${name}`);
}

function specOf(input: Input, org: OrganizationObject): ChartSourceObject['spec'] {
  if (!chartSourceUrlFits(input.type, input.url)) {
    throw invalid('url', input.type === 'OCI' ? 'must start oci://' : 'must start http(s)://');
  }
  return {
    type: input.type,
    url: input.url,
    plainHttp: input.plainHttp,
    organization: org.metadata.name,
    ...(input.description ? { description: input.description } : {}),
  };
}

/** Reads the chart list; a refusal answers the source's own words (never the credentials). */
async function checked(
  services: SourceServices,
  spec: ChartSourceObject['spec'],
  credentials: SourceCredentials,
): Promise<Extract<SourceCheck, { ok: true }>> {
  const check = await checkSource(spec, credentials, {
    policy: services.policy,
    ...(services.resolve ? { resolve: services.resolve } : {}),
  });
  if (check.ok) return check;
  const entry =
    check.reason === 'CredentialsRefused'
      ? errors.chartSourceCredentialsRejected
      : errors.chartSourceUnreachable;
  throw new ApiError(entry, { message: check.message });
}

/** What the API found out goes into Ready at once (the controller keeps it fresh). */
async function recordReady(
  services: SourceServices,
  source: ChartSourceObject,
  check: SourceCheck,
): Promise<ChartSourceObject> {
  const { conditions } = decideSource(source, check);
  const change = statusChange(
    source.status?.conditions,
    conditions.map((c) => ({ ...c, observedGeneration: source.metadata.generation ?? 0 })),
    new Date(),
  );
  if (!change.conditions) return source;
  return services.store.chartSources.applyStatus(source.metadata.name, {
    conditions: change.conditions,
  });
}

/**
 * The stored login, kept for the source at `input`'s address: refused (1014) when that is not
 * the address it was given for (host, or http instead of https), since an admin who may change
 * the source but never read its login could otherwise send it to a host of their choosing.
 */
async function storedLogin(
  services: SourceServices,
  stored: ChartSourceObject,
  input: Input,
): Promise<SourceCredentials> {
  const { credentials, secret } = await readSourceCredentials(services.store, stored);
  if (hasCredentials(credentials)) {
    assertKeptAddress({
      field: 'credentials',
      secret,
      current: chartSourceAddress(stored.spec),
      requested: chartSourceAddress(input),
    });
  }
  return credentials;
}

export function toChartSourceView(
  source: ChartSourceObject,
  org: OrganizationObject,
  credentialsSet: boolean,
): ChartSourceView {
  const { metadata, spec, status } = source;
  const ready = status?.conditions?.find((c) => c.type === 'Ready');
  return {
    uuid: metadata.uid,
    name: metadata.name,
    organizationId: org.metadata.uid,
    organization: org.metadata.name,
    type: spec.type,
    url: spec.url,
    plainHttp: spec.plainHttp,
    ...(spec.description ? { description: spec.description } : {}),
    credentialsSet,
    ...(ready
      ? {
          ready: { status: ready.status, reason: ready.reason ?? '', message: ready.message ?? '' },
        }
      : {}),
    createdAt: metadata.creationTimestamp ?? '',
  };
}

const viewOf = async (
  services: SourceServices,
  source: ChartSourceObject,
  org: OrganizationObject,
) =>
  toChartSourceView(
    source,
    org,
    hasCredentials((await readSourceCredentials(services.store, source)).credentials),
  );

export async function listChartSources(
  services: SourceServices,
  identity: Identity,
  orgRef: string,
): Promise<{ items: ChartSourceView[] }> {
  const org = adminOrganization(services, identity, orgRef);
  const sources = services.store.chartSources
    .list((s) => s.spec.organization === org.metadata.name)
    .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  return { items: await Promise.all(sources.map((s) => viewOf(services, s, org))) };
}

export async function testChartSource(
  services: SourceServices,
  identity: Identity,
  input: ChartSourceTestInput,
): Promise<{ chartCount: number }> {
  const org = adminOrganization(services, identity, input.organizationId);
  const spec = specOf(input, org);
  // A name not stored yet is a new source being tested; another organization's is not there.
  const named = input.name ? services.store.chartSources.get(input.name) : undefined;
  const stored = named && ownSource(services, org, named.metadata.name);
  const credentials =
    input.credentials === undefined && stored
      ? await storedLogin(services, stored, input)
      : keptCredentials(input.credentials);
  return { chartCount: (await checked(services, spec, credentials)).chartCount };
}

export async function createChartSource(
  services: SourceServices,
  identity: Identity,
  input: ChartSourceInput,
): Promise<ChartSourceView> {
  const org = adminOrganization(services, identity, input.organizationId);
  assertAcceptsNewMembers(org);
  const spec = specOf(input, org);
  const credentials = keptCredentials(input.credentials);
  if (await services.store.chartSources.fetch(input.name)) throw alreadyExists(input.name);
  // A source whose chart list cannot be read is refused before anything is stored.
  const check = await checked(services, spec, credentials);
  const source = await services.store.chartSources.create({
    metadata: { name: input.name, labels: organizationLabels(org) },
    spec,
  });
  try {
    await writeSourceCredentials(services.store, source, credentials);
  } catch (error) {
    await services.store.chartSources.delete(source.metadata.name);
    throw error;
  }
  return toChartSourceView(
    await recordReady(services, source, check),
    org,
    hasCredentials(credentials),
  );
}

export async function updateChartSource(
  services: SourceServices,
  identity: Identity,
  input: ChartSourceInput,
): Promise<ChartSourceView> {
  const org = adminOrganization(services, identity, input.organizationId);
  const current = ownSource(services, org, input.name);
  const spec = specOf(input, org);
  const credentials =
    input.credentials === undefined
      ? await storedLogin(services, current, input)
      : keptCredentials(input.credentials);
  const check = await checked(services, spec, credentials);
  // modify reads the hub's copy: the source controller's status writes change the
  // resourceVersion too, and the cache may not have seen the latest yet.
  const updated = await services.store.chartSources.modify(
    input.name,
    () => spec,
    // The source checked above: one of the same name made since is another's.
    { uid: current.metadata.uid, labels: organizationLabels(org) },
  );
  await writeSourceCredentials(services.store, updated, credentials);
  return toChartSourceView(
    await recordReady(services, updated, check),
    org,
    hasCredentials(credentials),
  );
}

export async function deleteChartSource(
  services: SourceServices,
  identity: Identity,
  organizationId: string,
  name: string,
): Promise<{ name: string }> {
  const org = adminOrganization(services, identity, organizationId);
  ownSource(services, org, name);
  await services.store.chartSources.delete(name);
  await services.store.secrets.delete(chartSourceSecretName(name));
  return { name };
}
