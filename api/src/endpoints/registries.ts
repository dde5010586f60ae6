import { z } from 'zod';
import { admins, endpoint, everyone, inOrg, json } from '../endpoint.js';
import { pageOf, sortedPageQuery, pathRef } from '../schemas/common.js';
import {
  dockerHubPageSchema,
  dockerHubSearchQuery,
  providerIdParams,
  registryDelete,
  registryIdParams,
  registryImageParams,
  registryInput,
  registryTest,
  registryTestResultSchema,
  registryUpdate,
  registryViewSchema,
  repositoriesSchema,
  splitQuery,
  splitResultSchema,
  supportedRegistriesSchema,
  tagsSchema,
} from '../schemas/registries.js';

const registries = '/manage.{host}/registries';
const inBodyOrg = { allow: admins, ...inOrg('body.organizationId') };
/** Browsing an organization's registries: its admins, or registry:list on one of its clusters. */
const browsing = { name: 'registry:list', on: 'organization' } as const;
const readableRegistry = {
  allow: everyone,
  permission: browsing,
  note: "Members of the registry's organization granted registry:list on one of its clusters, and its administrators; 9999 (Docker Hub, public) for everyone.",
};

/** Image registries. */
export const registryEndpoints = {
  listSupportedRegistries: endpoint({
    method: 'GET',
    path: '/manage.{host}/supportregistries',
    access: { allow: 'authenticated' },
    summary: 'Supported registry kinds',
    tag: 'manage',
    response: json(supportedRegistriesSchema),
  }),
  listOrganizationRegistries: endpoint({
    method: 'GET',
    path: '/manage.{host}/organizations/:orgId/registries',
    access: {
      allow: everyone,
      ...inOrg('params.orgId'),
      permission: browsing,
      note: 'Its administrators, and members granted registry:list on one of its clusters.',
    },
    summary: 'Registries of an organization',
    tag: 'manage',
    params: z.object({ orgId: pathRef }),
    query: sortedPageQuery,
    response: json(pageOf(registryViewSchema)),
  }),
  testRegistry: endpoint({
    method: 'POST',
    changesNothing: true,
    path: `${registries}/test`,
    access: inBodyOrg,
    summary: 'Test a registry connection',
    tag: 'manage',
    body: registryTest,
    response: json(registryTestResultSchema),
  }),
  createRegistry: endpoint({
    method: 'POST',
    path: registries,
    access: inBodyOrg,
    summary: 'Add a registry',
    tag: 'manage',
    body: registryInput,
    response: json(registryViewSchema),
  }),
  updateRegistry: endpoint({
    method: 'PUT',
    path: registries,
    access: inBodyOrg,
    summary: 'Change a registry',
    tag: 'manage',
    body: registryUpdate,
    response: json(registryViewSchema),
  }),
  deleteRegistry: endpoint({
    method: 'DELETE',
    path: registries,
    access: inBodyOrg,
    summary: 'Remove a registry',
    tag: 'manage',
    body: registryDelete,
    response: json(z.object({ name: z.string() })),
  }),
  listProviderRegistries: endpoint({
    method: 'GET',
    path: '/manage.{host}/providers/:providerId/registries',
    access: {
      allow: everyone,
      permission: browsing,
      note: "Clusters the caller may see; their organization's registries, for its administrators and members granted registry:list on one of its clusters.",
    },
    summary: 'Registries usable by a cluster (Docker Hub first)',
    tag: 'manage',
    params: providerIdParams,
    response: json(z.object({ items: z.array(registryViewSchema) })),
  }),
  splitRepository: endpoint({
    method: 'GET',
    path: '/manage.{host}/providers/:providerId/split/repositories',
    access: { allow: everyone, note: 'Clusters the caller may see.' },
    summary: "Split an image into the cluster's registry, path, image and tag",
    tag: 'manage',
    params: providerIdParams,
    query: splitQuery,
    response: json(splitResultSchema),
  }),
  searchDockerHub: endpoint({
    method: 'GET',
    path: '/manage.{host}/dockerhub/repositories',
    access: { allow: 'authenticated' },
    summary: "Search Docker Hub's public catalogue",
    tag: 'manage',
    query: dockerHubSearchQuery,
    response: json(dockerHubPageSchema),
  }),
  listRegistryRepositories: endpoint({
    method: 'GET',
    path: `${registries}/:registryId/repositories`,
    access: readableRegistry,
    summary: 'Repositories of a registry',
    tag: 'manage',
    params: registryIdParams,
    response: json(repositoriesSchema),
  }),
  listRepositoryTags: endpoint({
    method: 'GET',
    path: `${registries}/:registryId/repositories/:image`,
    access: readableRegistry,
    summary: 'Tags of a repository (the image name URL-encoded, slashes as %2F)',
    tag: 'manage',
    params: registryImageParams,
    response: json(tagsSchema),
  }),
} as const;
