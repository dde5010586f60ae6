import { admins, endpoint, inOrg, json } from '../endpoint.js';
import { locationPath } from '../schemas/common.js';
import { z } from 'zod';
import {
  chartDetailSchema,
  chartIconSchema,
  chartListQuery,
  chartListSchema,
  chartParams,
  chartQuery,
  installBody,
  namedReleaseParams,
  releaseOperationSchema,
  releaseParams,
  releaseRevisionSchema,
  releaseSchema,
  releaseValuesSchema,
  releaseRollbackBody,
  upgradeBody,
} from '../schemas/appstore.js';
import {
  chartSourceDelete,
  chartSourceInput,
  chartSourceOrgParams,
  chartSourceTest,
  chartSourceTestResultSchema,
  chartSourceViewSchema,
} from '../schemas/chart-sources.js';

const store = '/appstore.{host}';
const releasesAt = `${store}${locationPath}/namespaces/:namespace/releases`;
const sources = `${store}/chartsources`;
/** Chart sources belong to one organization: its admins (and system admins) manage them. */
const sourceAdmins = { allow: admins, ...inOrg('body.organizationId') };
const asCaller = (what: string) => ({
  allow: 'authenticated' as const,
  note: `Cluster rights checked first; then Helm runs as the caller through an impersonating relay, so the member's RBAC decides ${what}.`,
});

/** Chart sources the caller browses: their organization's admins, or appstore:list on one of its clusters. */
const browsing = {
  allow: 'authenticated' as const,
  permission: { name: 'appstore:list', on: 'organization' as const },
  note: "Only ChartSources of the caller's organizations (every one for a system admin) where they may browse the store: its administrators, or members granted appstore:list on one of its clusters.",
};

/** The app store: charts of the caller's organizations' ChartSources, Helm releases as the caller. */
export const appStoreEndpoints = {
  listCharts: endpoint({
    method: 'GET',
    path: `${store}/charts`,
    access: browsing,
    summary: 'Charts of every chart source the caller may use, with their versions',
    tag: 'appstore',
    query: chartListQuery,
    response: json(chartListSchema),
  }),
  chartDetail: endpoint({
    method: 'GET',
    path: `${store}/sources/:source/versions/:version`,
    access: browsing,
    summary:
      "One chart version: metadata, README and default values (the chart's name in the query)",
    tag: 'appstore',
    params: chartParams,
    query: chartQuery,
    response: json(chartDetailSchema),
  }),
  chartIcon: endpoint({
    method: 'GET',
    path: `${store}/sources/:source/versions/:version/icon`,
    access: browsing,
    summary:
      "A chart version's icon, read by the operator through its outbound policy, as a data: URL",
    tag: 'appstore',
    params: chartParams,
    query: chartQuery,
    response: json(chartIconSchema),
  }),
  listChartSources: endpoint({
    method: 'GET',
    path: `${store}/organizations/:orgId/chartsources`,
    access: { allow: admins, ...inOrg('params.orgId') },
    summary: "An organization's chart sources with their Ready condition",
    tag: 'appstore',
    params: chartSourceOrgParams,
    response: json(z.object({ items: z.array(chartSourceViewSchema) })),
  }),
  testChartSource: endpoint({
    method: 'POST',
    changesNothing: true,
    path: `${sources}/test`,
    access: sourceAdmins,
    summary: 'Test a chart source: read its chart list (the stored login when none is given)',
    tag: 'appstore',
    body: chartSourceTest,
    response: json(chartSourceTestResultSchema),
  }),
  createChartSource: endpoint({
    method: 'POST',
    path: sources,
    access: sourceAdmins,
    summary: 'Add a chart source (refused when its chart list cannot be read)',
    tag: 'appstore',
    body: chartSourceInput,
    response: json(chartSourceViewSchema),
  }),
  updateChartSource: endpoint({
    method: 'PUT',
    path: sources,
    access: sourceAdmins,
    summary: 'Change a chart source (credentials only when given)',
    tag: 'appstore',
    body: chartSourceInput,
    response: json(chartSourceViewSchema),
  }),
  deleteChartSource: endpoint({
    method: 'DELETE',
    path: sources,
    access: sourceAdmins,
    summary: 'Remove a chart source and its credentials',
    tag: 'appstore',
    body: chartSourceDelete,
    response: json(z.object({ name: z.string() })),
  }),
  listReleases: endpoint({
    method: 'GET',
    path: releasesAt,
    access: asCaller('which release Secrets the caller may read'),
    summary: 'Helm releases in a namespace, with status',
    tag: 'appstore',
    params: releaseParams,
    response: json(z.object({ items: z.array(releaseSchema) })),
  }),
  installRelease: endpoint({
    method: 'POST',
    path: releasesAt,
    access: asCaller('what the release may create'),
    summary: 'Install a chart version as a new release',
    tag: 'appstore',
    params: releaseParams,
    body: installBody,
    response: json(releaseOperationSchema),
  }),
  releaseHistory: endpoint({
    method: 'GET',
    path: `${releasesAt}/:release/history`,
    access: asCaller('which release Secrets the caller may read'),
    summary: "A release's revisions",
    tag: 'appstore',
    params: namedReleaseParams,
    response: json(z.object({ items: z.array(releaseRevisionSchema) })),
  }),
  releaseValues: endpoint({
    method: 'GET',
    path: `${releasesAt}/:release/values`,
    access: asCaller('which release Secrets the caller may read'),
    summary: 'The values the user gave to the current revision (YAML)',
    tag: 'appstore',
    params: namedReleaseParams,
    response: json(releaseValuesSchema),
  }),
  upgradeRelease: endpoint({
    method: 'PUT',
    path: `${releasesAt}/:release`,
    access: asCaller('what the release may change'),
    summary: 'Upgrade a release to a chart version with new values',
    tag: 'appstore',
    params: namedReleaseParams,
    body: upgradeBody,
    response: json(releaseOperationSchema),
  }),
  rollbackRelease: endpoint({
    method: 'POST',
    path: `${releasesAt}/:release/rollback`,
    access: asCaller('what the rollback may change'),
    summary: 'Roll a release back to an earlier revision',
    tag: 'appstore',
    params: namedReleaseParams,
    body: releaseRollbackBody,
    response: json(releaseOperationSchema),
  }),
  uninstallRelease: endpoint({
    method: 'DELETE',
    path: `${releasesAt}/:release`,
    access: asCaller('what the uninstall may delete'),
    summary: 'Uninstall a release',
    tag: 'appstore',
    params: namedReleaseParams,
    response: json(releaseOperationSchema),
  }),
} as const;
