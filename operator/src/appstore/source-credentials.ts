import { chartSourceAddress } from '@nimbus/api/shared';
import { ApiError, errors } from '../core/errors.js';
import { apiVersion } from '../crds/kind.js';
import { boundTo, credentialFits } from '../credentials/credential-address.js';
import { writeOwnedSecret } from '../hub/owned-secret.js';
import type { SecretValue } from '../hub/secrets.js';
import type { ChartSourceObject, HubStore } from '../hub/store.js';

/** What a ChartSource's Secret holds (write-only: never answered, logged or audited). */
export interface SourceCredentials {
  username?: string | undefined;
  password?: string | undefined;
  /** PEM of a private CA the source's https host is signed by. */
  caCertificate?: string | undefined;
}

export type SourceSecrets = Pick<HubStore, 'secrets'>;

const credentialsKey = 'credentials';
export const chartSourceLabel = 'nimbus.io/chart-source';
/** The uid binds the Secret to one ChartSource: a re-created source of the same name gets none. */
export const chartSourceUidLabel = 'nimbus.io/chart-source-uid';

/**
 * One Secret per ChartSource in the operator's namespace, found by name; the ChartSource itself
 * never names it, so nothing is written into a spec an admin may have authored with kubectl.
 */
export function chartSourceSecretName(source: string): string {
  return `nimbus-chartsource-${source}-credentials`;
}

/** Only the fields a source uses; empty strings are "not set". */
export function keptCredentials(input: SourceCredentials | undefined): SourceCredentials {
  const kept: SourceCredentials = {};
  for (const field of ['username', 'password', 'caCertificate'] as const) {
    const value = input?.[field];
    if (value !== undefined && value !== '') kept[field] = value;
  }
  return kept;
}

export const hasCredentials = (credentials: SourceCredentials): boolean =>
  Object.keys(credentials).length > 0;

/** The source's own credentials Secret (its name and uid on it), if any. */
async function sourceSecret(
  hub: SourceSecrets,
  source: ChartSourceObject,
): Promise<SecretValue | undefined> {
  const secret = await hub.secrets.get(chartSourceSecretName(source.metadata.name));
  if (
    !secret ||
    secret.labels[chartSourceLabel] !== source.metadata.name ||
    secret.labels[chartSourceUidLabel] !== source.metadata.uid
  ) {
    return undefined;
  }
  return secret;
}

/**
 * The stored credentials, the Secret's version (so caches see a change) and the Secret itself
 * (for the address they were given for); none: {}. Whether they may be used at the source's
 * address is the caller's to check (usableSourceCredentials).
 */
export async function readSourceCredentials(
  hub: SourceSecrets,
  source: ChartSourceObject,
): Promise<{ credentials: SourceCredentials; version: string; secret?: SecretValue }> {
  const secret = await sourceSecret(hub, source);
  if (!secret) return { credentials: {}, version: '' };
  try {
    const parsed = JSON.parse(secret.data[credentialsKey] ?? '{}') as SourceCredentials;
    return { credentials: keptCredentials(parsed), version: secret.resourceVersion, secret };
  } catch {
    return { credentials: {}, version: '' };
  }
}

/** The stored credentials for the source's address as it is now: refused (1014) when it moved. */
export async function usableSourceCredentials(
  hub: SourceSecrets,
  source: ChartSourceObject,
): Promise<{ credentials: SourceCredentials; version: string }> {
  const { credentials, version, secret } = await readSourceCredentials(hub, source);
  if (hasCredentials(credentials) && !credentialFits(secret, chartSourceAddress(source.spec))) {
    throw new ApiError(errors.credentialsForAnotherAddress, {
      message: `chart source ${source.metadata.name}: its address changed since its credentials were stored; an organization administrator has to give them again`,
    });
  }
  return { credentials, version };
}

/** Stores (or, given none, removes) the source's credentials; the Secret goes with the source. */
export async function writeSourceCredentials(
  hub: SourceSecrets,
  source: ChartSourceObject,
  credentials: SourceCredentials,
): Promise<void> {
  const name = chartSourceSecretName(source.metadata.name);
  if (!hasCredentials(credentials)) {
    await hub.secrets.delete(name);
    return;
  }
  await writeOwnedSecret(
    hub.secrets,
    { apiVersion, kind: 'ChartSource', metadata: source.metadata },
    {
      name,
      data: boundTo(
        { [credentialsKey]: JSON.stringify(credentials) },
        chartSourceAddress(source.spec),
      ),
      labels: {
        [chartSourceLabel]: source.metadata.name,
        [chartSourceUidLabel]: source.metadata.uid,
      },
    },
  );
}
