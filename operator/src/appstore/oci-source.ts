import { z } from 'zod';
import { OutboundError } from './outbound-get.js';
import type { SourceFetch } from './source-fetch.js';

/** Media types `helm push` writes (Helm's OCI support, HIP-0006). */
export const helmConfigMediaType = 'application/vnd.cncf.helm.config.v1+json';
export const helmChartLayerMediaType = 'application/vnd.cncf.helm.chart.content.v1.tar+gzip';
const manifestAccept = 'application/vnd.oci.image.manifest.v1+json';

const catalogSchema = z.object({ repositories: z.array(z.string()).nullable().optional() });
const tagsSchema = z.object({ tags: z.array(z.string()).nullable().optional() });
const manifestSchema = z.object({
  config: z.object({ mediaType: z.string(), digest: z.string() }),
  layers: z.array(z.object({ mediaType: z.string(), digest: z.string() })),
});
/** Chart.yaml as `helm push` stores it in the config blob. */
export const chartMetadataSchema = z.looseObject({
  name: z.string(),
  version: z.string(),
  description: z.string().optional(),
  icon: z.string().optional(),
  appVersion: z.string().optional(),
  home: z.string().optional(),
  keywords: z.array(z.string()).optional(),
});
export type ChartMetadata = z.output<typeof chartMetadataSchema>;

/** Where an OCI source's registry answers and which repositories below it are charts. */
export interface OciLocation {
  /** http(s)://host[:port] */
  base: string;
  /** Repository prefix, e.g. "charts" (empty: the whole registry). */
  prefix: string;
}

export function ociLocation(url: string, plainHttp: boolean): OciLocation {
  const parsed = new URL(url.replace(/^oci:/, plainHttp ? 'http:' : 'https:'));
  return { base: parsed.origin, prefix: parsed.pathname.replace(/^\/+|\/+$/g, '') };
}

/** One page of a paged answer and the next page's URL (RFC 8288 Link, rel="next"). */
async function getPage<T>(
  url: string,
  schema: z.ZodType<T>,
  fetch: SourceFetch,
  accept = 'application/json',
): Promise<{ value: T; next: string | undefined }> {
  const answer = await fetch.get(url, accept);
  if (answer.status !== 200) {
    throw new OutboundError(
      `${new URL(url).host} answered HTTP ${answer.status} for ${new URL(url).pathname}`,
    );
  }
  let value: T;
  try {
    value = schema.parse(JSON.parse(answer.body.toString('utf8')));
  } catch {
    throw new OutboundError(
      `${new URL(url).host} answered an unexpected document for ${new URL(url).pathname}`,
    );
  }
  const next = /<([^>]+)>\s*;\s*rel="?next"?/.exec(String(answer.headers.link ?? ''))?.[1];
  return { value, next: next ? new URL(next, url).toString() : undefined };
}

const getJson = async <T>(...args: Parameters<typeof getPage<T>>): Promise<T> =>
  (await getPage(...args)).value;

/** Catalogue pages read at most (of 1000 repositories each): a bounded read of a big registry. */
const catalogPageSize = 1000;
const maxCatalogPages = 10;

/** The OCI distribution API calls the app store makes, as the source's login (if any). */
export function ociClient(location: OciLocation, fetch: SourceFetch) {
  const v2 = `${location.base}/v2`;
  const repository = (chart: string): string =>
    location.prefix ? `${location.prefix}/${chart}` : chart;
  const manifestOf = (chart: string, tag: string) =>
    getJson(
      `${v2}/${repository(chart)}/manifests/${encodeURIComponent(tag)}`,
      manifestSchema,
      fetch,
      manifestAccept,
    );
  const blob = async (chart: string, digest: string): Promise<Buffer> => {
    const answer = await fetch.get(`${v2}/${repository(chart)}/blobs/${digest}`, '*/*');
    if (answer.status !== 200)
      throw new OutboundError(`blob ${digest} answered HTTP ${answer.status}`);
    return answer.body;
  };
  return {
    /**
     * Chart names: repositories below the prefix. The catalogue is sorted, so reading starts
     * after the prefix (`last`) and stops once past it.
     */
    async charts(): Promise<string[]> {
      const below = location.prefix ? `${location.prefix}/` : '';
      const start = location.prefix ? `&last=${encodeURIComponent(location.prefix)}` : '';
      const names: string[] = [];
      let url: string | undefined = `${v2}/_catalog?n=${catalogPageSize}${start}`;
      for (let page = 0; url !== undefined && page < maxCatalogPages; page++) {
        const { value, next }: { value: z.output<typeof catalogSchema>; next: string | undefined } =
          await getPage(url, catalogSchema, fetch);
        const repositories = value.repositories ?? [];
        for (const name of repositories) {
          if (name.startsWith(below)) names.push(name.slice(below.length));
        }
        if (below && repositories.some((name) => name > below && !name.startsWith(below))) break;
        url = next;
      }
      return names;
    },
    async versions(chart: string): Promise<string[]> {
      const tags = await getJson(`${v2}/${repository(chart)}/tags/list`, tagsSchema, fetch);
      return tags.tags ?? [];
    },
    /** Chart.yaml of one version; undefined when the tag is not a Helm chart (an image). */
    async metadata(chart: string, version: string): Promise<ChartMetadata | undefined> {
      const manifest = await manifestOf(chart, version);
      if (manifest.config.mediaType !== helmConfigMediaType) return undefined;
      const config = await blob(chart, manifest.config.digest);
      return chartMetadataSchema.parse(JSON.parse(config.toString('utf8')));
    },
    /** The packaged chart (.tgz) of one version. */
    async archive(chart: string, version: string): Promise<Buffer> {
      const manifest = await manifestOf(chart, version);
      const layer = manifest.layers.find((l) => l.mediaType === helmChartLayerMediaType);
      if (!layer) throw new OutboundError(`${chart}:${version} is not a Helm chart`);
      return blob(chart, layer.digest);
    },
  };
}
