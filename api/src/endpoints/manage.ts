import { z } from 'zod';
import { endpoint, everyone, inOrg, json, ownUser } from '../endpoint.js';
import { pageOf, sortedPageQuery, pathRef as ref } from '../schemas/common.js';
import {
  accessExplanationSchema,
  explainQuery,
  supportedProvidersSchema,
} from '../schemas/manage.js';
import { monitorViewsSchema } from '../schemas/monitor-requests.js';
import { providerViewSchema } from '../schemas/providers.js';

/** The manage service's reads: clusters of an organization, provider kinds, access, monitors. */
export const manageEndpoints = {
  listOrganizationProviders: endpoint({
    method: 'GET',
    path: '/manage.{host}/organizations/:orgId/providers',
    access: { allow: everyone, ...inOrg('params.orgId') },
    summary: 'Clusters of an organization',
    tag: 'manage',
    params: z.object({ orgId: ref }),
    query: sortedPageQuery,
    response: json(pageOf(providerViewSchema)),
  }),
  explainAccess: endpoint({
    method: 'GET',
    path: '/manage.{host}/users/:userName/explain',
    access: {
      allow: everyone,
      ...ownUser('params.userName'),
      note: "Themselves; admins of the cluster's organization for anyone.",
    },
    summary: "Explain a user's access to a cluster",
    tag: 'manage',
    params: z.object({ userName: ref }),
    query: explainQuery,
    response: json(accessExplanationSchema),
  }),
  listSupportedProviders: endpoint({
    method: 'GET',
    path: '/manage.{host}/supportproviders',
    access: { allow: 'authenticated' },
    summary: 'Supported provider kinds',
    tag: 'manage',
    response: json(supportedProvidersSchema),
  }),
  listClusterMonitors: endpoint({
    method: 'GET',
    path: '/manage.{host}/monitors/providers/:id',
    access: { allow: everyone, note: 'Clusters the caller may see.' },
    summary: 'Monitoring endpoints of a cluster',
    tag: 'manage',
    params: z.object({ id: ref }),
    response: json(monitorViewsSchema),
  }),
} as const;
