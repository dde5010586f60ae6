import { parse } from 'yaml';
import { z } from 'zod';
import type { ChartMetadata } from './oci-source.js';
import { chartMetadataSchema } from './oci-source.js';
import { OutboundError } from './outbound-get.js';
import type { SourceFetch } from './source-fetch.js';

const entrySchema = chartMetadataSchema.extend({ urls: z.array(z.string()).min(1) });
const indexSchema = z.object({ entries: z.record(z.string(), z.array(entrySchema)).default({}) });
type Entry = z.output<typeof entrySchema>;

const base = (url: string): string => (url.endsWith('/') ? url : `${url}/`);

/** A classic chart repository (the login goes to its own origin only): index.yaml and the archives it points at (relative or absolute). */
export function repoClient(url: string, fetch: SourceFetch) {
  let index: Promise<Record<string, Entry[]>> | undefined;
  const entries = (): Promise<Record<string, Entry[]>> => {
    index ??= (async () => {
      const answer = await fetch.get(`${base(url)}index.yaml`, '*/*');
      if (answer.status !== 200) {
        throw new OutboundError(
          `${new URL(url).host} answered HTTP ${answer.status} for index.yaml`,
        );
      }
      try {
        return indexSchema.parse(parse(answer.body.toString('utf8'), { maxAliasCount: 100 }))
          .entries;
      } catch {
        throw new OutboundError(
          `${new URL(url).host} served an index.yaml that is not a chart index`,
        );
      }
    })();
    return index;
  };
  const entry = async (chart: string, version: string): Promise<Entry> => {
    const found = (await entries())[chart]?.find((e) => e.version === version);
    if (!found) throw new OutboundError(`${chart} ${version} is not in the index`);
    return found;
  };
  return {
    async charts(): Promise<string[]> {
      return Object.keys(await entries());
    },
    async versions(chart: string): Promise<string[]> {
      return ((await entries())[chart] ?? []).map((e) => e.version);
    },
    async metadata(chart: string, version: string): Promise<ChartMetadata | undefined> {
      const { urls: _urls, ...metadata } = await entry(chart, version);
      return metadata;
    },
    async archive(chart: string, version: string): Promise<Buffer> {
      const found = await entry(chart, version);
      const archiveUrl = new URL(found.urls[0] ?? '', base(url)).toString();
      const answer = await fetch.get(archiveUrl, '*/*');
      if (answer.status !== 200) {
        throw new OutboundError(
          `${new URL(archiveUrl).host} answered HTTP ${answer.status} for the chart`,
        );
      }
      return answer.body;
    },
  };
}
