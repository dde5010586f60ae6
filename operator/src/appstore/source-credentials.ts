import { ApiError, errors } from '../core/errors.js';
import { apiVersion } from '../crds/kind.js';
import { ownerReference } from '../hub/owner.js';
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

/** The stored credentials and the Secret's version (so caches see a change); none: {}. */
export async function readSourceCredentials(
  hub: SourceSecrets,
  source: ChartSourceObject,
): Promise<{ credentials: SourceCredentials; version: string }> {
  const secret = await hub.secrets.get(chartSourceSecretName(source.metadata.name));
  if (
    !secret ||
    secret.labels[chartSourceLabel] !== source.metadata.name ||
    secret.labels[chartSourceUidLabel] !== source.metadata.uid
  ) {
    return { credentials: {}, version: '' };
  }
  try {
    const parsed = JSON.parse(secret.data[credentialsKey] ?? '{}') as SourceCredentials;
    return { credentials: keptCredentials(parsed), version: secret.resourceVersion };
  } catch {
    return { credentials: {}, version: '' };
  }
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
  const write = {
    name,
    data: { [credentialsKey]: JSON.stringify(credentials) },
    labels: {
      [chartSourceLabel]: source.metadata.name,
      [chartSourceUidLabel]: source.metadata.uid,
    },
    owner: ownerReference({ apiVersion, kind: 'ChartSource', metadata: source.metadata }),
  };
  try {
    await hub.secrets.create(write);
  } catch (error) {
    if (!(error instanceof ApiError) || error.entry !== errors.conflict) throw error;
    await hub.secrets.replace(write);
  }
}
