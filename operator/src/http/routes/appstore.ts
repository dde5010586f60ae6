import type { CrdReader } from '../../access/caller-scope.js';
import type { Catalogue } from '../../appstore/catalogue.js';
import { releasesIn } from '../../appstore/releases.js';
import {
  createChartSource,
  deleteChartSource,
  listChartSources,
  testChartSource,
  updateChartSource,
} from '../../appstore/source-service.js';
import type { OutboundPolicy } from '../../outbound/policy.js';
import type { HubStore } from '../../hub/store.js';
import { requireIdentity } from '../identity-locals.js';
import type { ClusterLocation, MemberAccess } from '../../k8s/member-access.js';
import type { Implementation } from '../contract/implement.js';
import { implement } from '../contract/implement.js';

export interface AppStoreDeps {
  store: CrdReader & Pick<HubStore, 'chartSources' | 'secrets' | 'organizations'>;
  members: MemberAccess;
  policy: OutboundPolicy;
  helmPath: string;
  /** The charts of the caller's sources (built by the composition root, it caches indexes). */
  catalogue: Catalogue;
}

const locationOf = ({ vendor, region, cluster }: ClusterLocation): ClusterLocation => ({
  vendor,
  region,
  cluster,
});

/** Charts of the caller's ChartSources; Helm releases made as the caller (appstore/). */
export function appStoreEndpoints(deps: AppStoreDeps): Implementation[] {
  const { catalogue } = deps;
  const options = { helmPath: deps.helmPath };
  const sources = { store: deps.store, policy: deps.policy };
  const releases = async (
    res: Parameters<typeof requireIdentity>[0],
    params: ClusterLocation & { namespace: string },
  ) => {
    const member = await deps.members.forCaller(requireIdentity(res), locationOf(params));
    return releasesIn(member, params.namespace, options);
  };
  /** The namespace's releases as the caller and the chart archive (from the caller's source). */
  const withChart = async (
    res: Parameters<typeof requireIdentity>[0],
    params: ClusterLocation & { namespace: string },
    chart: { source: string; chart: string; version: string },
  ) => {
    const target = await releases(res, params);
    const identity = requireIdentity(res);
    const archive = await catalogue.archive(identity, chart.source, chart.chart, chart.version);
    return { target, archive };
  };
  return [
    implement('listCharts', ({ query }, { res }) =>
      catalogue.list(requireIdentity(res), query.search),
    ),
    implement('chartDetail', ({ params, query }, { res }) =>
      catalogue.detail(requireIdentity(res), params.source, query.name, params.version),
    ),
    implement('chartIcon', async ({ params, query }, { res }) => ({
      dataUrl: await catalogue.icon(
        requireIdentity(res),
        params.source,
        query.name,
        params.version,
      ),
    })),
    implement('listChartSources', ({ params }, { res }) =>
      listChartSources(sources, requireIdentity(res), params.orgId),
    ),
    implement('testChartSource', ({ body }, { res }) =>
      testChartSource(sources, requireIdentity(res), body),
    ),
    implement('createChartSource', ({ body }, { res }) =>
      createChartSource(sources, requireIdentity(res), body),
    ),
    implement('updateChartSource', ({ body }, { res }) =>
      updateChartSource(sources, requireIdentity(res), body),
    ),
    implement('deleteChartSource', ({ body }, { res }) =>
      deleteChartSource(sources, requireIdentity(res), body.organizationId, body.name),
    ),
    implement('listReleases', async ({ params }, { res }) => ({
      items: await (await releases(res, params)).list(),
    })),
    implement('releaseHistory', async ({ params }, { res }) => ({
      items: await (await releases(res, params)).history(params.release),
    })),
    implement('releaseValues', async ({ params }, { res }) => ({
      values: await (await releases(res, params)).values(params.release),
    })),
    implement('installRelease', async ({ params, body }, { res }) => {
      const { target, archive } = await withChart(res, params, body);
      return target.install(body.release, archive, body.values);
    }),
    implement('upgradeRelease', async ({ params, body }, { res }) => {
      const { target, archive } = await withChart(res, params, body);
      return target.upgrade(params.release, archive, body.values);
    }),
    implement('rollbackRelease', async ({ params, body }, { res }) =>
      (await releases(res, params)).rollback(params.release, body.revision),
    ),
    implement('uninstallRelease', async ({ params }, { res }) =>
      (await releases(res, params)).uninstall(params.release),
    ),
  ];
}
