import type { ChartSourceObject } from '../hub/store.js';
import type { ChartMetadata } from './oci-source.js';
import { ociClient, ociLocation } from './oci-source.js';
import type { OutboundOptions } from './outbound-get.js';
import { repoClient } from './repo-source.js';
import type { SourceCredentials, SourceSecrets } from './source-credentials.js';
import { usableSourceCredentials } from './source-credentials.js';
import { sourceFetch } from './source-fetch.js';

export interface ChartClient {
  charts(): Promise<string[]>;
  versions(chart: string): Promise<string[]>;
  metadata(chart: string, version: string): Promise<ChartMetadata | undefined>;
  archive(chart: string, version: string): Promise<Buffer>;
}

/** What a source is read as: its spec and the credentials in force (stored or being tested). */
export type SourceTarget = Pick<ChartSourceObject['spec'], 'type' | 'url' | 'plainHttp'>;

export function sourceClient(
  target: SourceTarget,
  credentials: SourceCredentials,
  outbound: OutboundOptions,
): ChartClient {
  if (target.type === 'OCI') {
    const location = ociLocation(target.url, target.plainHttp);
    return ociClient(location, sourceFetch(location.base, credentials, outbound));
  }
  return repoClient(target.url, sourceFetch(new URL(target.url).origin, credentials, outbound));
}

/**
 * A stored source's client with its stored credentials (refused when its address moved since
 * they were given); version changes when they do.
 */
export async function storedSourceClient(
  hub: SourceSecrets,
  source: ChartSourceObject,
  outbound: OutboundOptions,
): Promise<{ client: ChartClient; credentialsVersion: string }> {
  const { credentials, version } = await usableSourceCredentials(hub, source);
  return { client: sourceClient(source.spec, credentials, outbound), credentialsVersion: version };
}
