import type { ChartDetail, ChartList, ChartSummary } from '@nimbus/api';
import { parse } from 'yaml';
import { missingPermission } from '../access/permissions.js';
import { membershipIn } from '../access/scope.js';
import type { OutboundPolicy, Resolver } from '../outbound/policy.js';
import { notFound } from '../core/problems.js';
import type { ChartSourceObject, HubStore } from '../hub/store.js';
import type { Identity } from '../identity/identity.js';
import { readChartArchive } from './chart-archive.js';
import { createIconReader } from './chart-icon.js';
import { chartMetadataSchema } from './oci-source.js';
import type { OutboundOptions } from './outbound-get.js';
import { OutboundError } from './outbound-get.js';
import type { ChartClient } from './source-client.js';
import { storedSourceClient } from './source-client.js';
import { newestFirst } from './versions.js';

export interface CatalogueOptions {
  store: Pick<HubStore, 'chartSources' | 'secrets'>;
  /** Whether the caller may browse the sources of an organization (appstore:list). */
  browses(identity: Identity, organization: string): Promise<boolean>;
  policy: OutboundPolicy;
  resolve?: Resolver;
  now?: () => number;
}

/** A source's chart list is read again after this long (new `helm push`es show up). */
const listTtlMs = 30_000;

async function summaryOf(
  source: ChartSourceObject,
  client: ChartClient,
  name: string,
): Promise<ChartSummary | undefined> {
  const versions = newestFirst(await client.versions(name));
  const latest = versions[0];
  if (latest === undefined) return undefined;
  const metadata = await client.metadata(name, latest);
  if (!metadata) return undefined;
  return {
    source: source.metadata.name,
    sourceType: source.spec.type,
    name,
    ...(metadata.description !== undefined ? { description: metadata.description } : {}),
    ...(metadata.icon !== undefined ? { icon: metadata.icon } : {}),
    ...(metadata.appVersion !== undefined ? { appVersion: metadata.appVersion } : {}),
    latestVersion: latest,
    versions,
  };
}

export interface Catalogue {
  list(identity: Identity, search?: string): Promise<ChartList>;
  detail(identity: Identity, source: string, chart: string, version: string): Promise<ChartDetail>;
  /** A version's icon as a data: URL (read by the operator, never by the browser). */
  icon(identity: Identity, source: string, chart: string, version: string): Promise<string>;
  /** The packaged chart, for Helm (read through the same checked connection). */
  archive(identity: Identity, source: string, chart: string, version: string): Promise<Buffer>;
}

export function createCatalogue(options: CatalogueOptions): Catalogue {
  const now = options.now ?? Date.now;
  const outbound: OutboundOptions = {
    policy: options.policy,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  };
  const readIcon = createIconReader(outbound, now);
  const listed = new Map<string, { key: string; at: number; charts: Promise<ChartSummary[]> }>();

  const visibleSources = (identity: Identity): ChartSourceObject[] =>
    options.store.chartSources.list(
      (s) => identity.sysAdmin || membershipIn(identity, s.spec.organization) !== undefined,
    );
  const sourceFor = (identity: Identity, name: string): ChartSourceObject => {
    const source = visibleSources(identity).find((s) => s.metadata.name === name);
    if (!source) throw notFound(`chart source ${name}`);
    return source;
  };
  /** Browsing (list, detail, icon) also needs appstore:list; installing reads the archive. */
  const browsedSource = async (identity: Identity, name: string): Promise<ChartSourceObject> => {
    const source = sourceFor(identity, name);
    if (!(await options.browses(identity, source.spec.organization))) {
      throw missingPermission('appstore:list', { organization: source.spec.organization });
    }
    return source;
  };
  const browsedSources = async (identity: Identity): Promise<ChartSourceObject[]> => {
    const visible = visibleSources(identity);
    const organizations = [...new Set(visible.map((s) => s.spec.organization))];
    const browsed = new Set<string>();
    for (const org of organizations) {
      if (await options.browses(identity, org)) browsed.add(org);
    }
    if (organizations.length > 0 && browsed.size === 0) {
      const organization = identity.currentOrganization ?? organizations[0] ?? '';
      throw missingPermission('appstore:list', { organization });
    }
    return visible.filter((s) => browsed.has(s.spec.organization));
  };
  const clientFor = async (source: ChartSourceObject): Promise<ChartClient> =>
    (await storedSourceClient(options.store, source, outbound)).client;
  const chartsOf = async (source: ChartSourceObject): Promise<ChartSummary[]> => {
    const { client, credentialsVersion } = await storedSourceClient(
      options.store,
      source,
      outbound,
    );
    const key = `${source.metadata.uid}/${source.metadata.generation ?? 0}/${credentialsVersion}`;
    const cached = listed.get(source.metadata.name);
    if (cached && cached.key === key && now() - cached.at < listTtlMs) return cached.charts;
    const charts = client
      .charts()
      .then((names) => Promise.all(names.map((name) => summaryOf(source, client, name))))
      .then((all) => all.filter((c): c is ChartSummary => c !== undefined));
    listed.set(source.metadata.name, { key, at: now(), charts });
    charts.catch(() => listed.delete(source.metadata.name));
    return charts;
  };
  const withOutboundErrors = async <T>(work: () => Promise<T>, what: string): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof OutboundError) throw notFound(`${what} (${error.message})`);
      throw error;
    }
  };

  return {
    async list(identity, search) {
      const needle = search?.toLowerCase();
      const sources = await browsedSources(identity);
      const results = await Promise.allSettled(sources.map(chartsOf));
      const items: ChartSummary[] = [];
      const problems: ChartList['problems'] = [];
      results.forEach((result, i) => {
        const source = sources[i]?.metadata.name ?? '';
        if (result.status === 'fulfilled') items.push(...result.value);
        else problems.push({ source, message: String((result.reason as Error).message) });
      });
      const matching = needle
        ? items.filter(
            (c) =>
              c.name.toLowerCase().includes(needle) ||
              (c.description ?? '').toLowerCase().includes(needle),
          )
        : items;
      matching.sort((a, b) => a.name.localeCompare(b.name) || a.source.localeCompare(b.source));
      return { items: matching, problems };
    },
    async detail(identity, sourceName, chart, version) {
      const source = await browsedSource(identity, sourceName);
      const client = await clientFor(source);
      return withOutboundErrors(async () => {
        const [versions, archive] = await Promise.all([
          client.versions(chart),
          client.archive(chart, version),
        ]);
        const files = readChartArchive(archive);
        const metadata = chartMetadataSchema.parse(parse(files.chartYaml ?? ''));
        const ordered = newestFirst(versions);
        return {
          source: source.metadata.name,
          sourceType: source.spec.type,
          name: chart,
          version,
          ...(metadata.description !== undefined ? { description: metadata.description } : {}),
          ...(metadata.icon !== undefined ? { icon: metadata.icon } : {}),
          ...(metadata.appVersion !== undefined ? { appVersion: metadata.appVersion } : {}),
          ...(metadata.home !== undefined ? { home: metadata.home } : {}),
          keywords: metadata.keywords ?? [],
          latestVersion: ordered[0] ?? version,
          versions: ordered,
          readme: files.readme ?? '',
          values: files.values ?? '',
        };
      }, `chart ${chart} ${version} in ${sourceName}`);
    },
    async icon(identity, sourceName, chart, version) {
      const source = await browsedSource(identity, sourceName);
      const what = `icon of chart ${chart} ${version} in ${sourceName}`;
      const metadata = await withOutboundErrors(
        async () => (await clientFor(source)).metadata(chart, version),
        what,
      );
      if (metadata?.icon === undefined) throw notFound(what);
      return readIcon(metadata.icon);
    },
    async archive(identity, sourceName, chart, version) {
      const source = sourceFor(identity, sourceName);
      return withOutboundErrors(
        async () => (await clientFor(source)).archive(chart, version),
        `chart ${chart} ${version} in ${sourceName}`,
      );
    },
  };
}
