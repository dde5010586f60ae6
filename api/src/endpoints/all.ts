import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '../endpoint.js';
import { alarmEndpoints } from './alarms.js';
import { applicationEndpoints } from './applications.js';
import { appStoreEndpoints } from './appstore.js';
import { auditEndpoints } from './audit.js';
import { clusterRegistrationEndpoints } from './cluster-registration.js';
import { configEndpoints } from './configs.js';
import { costEndpoints } from './cost.js';
import { authEndpoints } from './auth.js';
import { crdEndpoints } from './crd.js';
import { dashboardEndpoints } from './dashboards.js';
import { favouriteEndpoints } from './favourites.js';
import { iamGroupEndpoints } from './iam-groups.js';
import { identityProviderEndpoints } from './identity-providers.js';
import { iamOrganizationEndpoints } from './iam-organizations.js';
import { iamUserEndpoints } from './iam-users.js';
import { manageEndpoints } from './manage.js';
import { manageWriteEndpoints } from './manage-writes.js';
import { monitoringEndpoints } from './monitoring.js';
import { namespaceEndpoints } from './namespaces.js';
import { nodeEndpoints } from './nodes.js';
import { podDetailEndpoints } from './pod-details.js';
import { podEndpoints } from './pods.js';
import { registryEndpoints } from './registries.js';
import { resourceDeleteEndpoints } from './resource-deletes.js';
import { resourceFormEndpoints } from './resource-forms.js';
import { systemEndpoints } from './system.js';
import { workloadEndpoints } from './workloads.js';
import { yamlImportEndpoints } from './yaml-import.js';

/**
 * Every /api endpoint of the operator, in registration order (Express matches the first
 * declared pattern, so fixed segments come before parameters). Anything not here is refused.
 */
export const endpoints = {
  ...systemEndpoints,
  ...authEndpoints,
  ...identityProviderEndpoints,
  ...iamUserEndpoints,
  ...iamGroupEndpoints,
  ...iamOrganizationEndpoints,
  ...nodeEndpoints,
  ...namespaceEndpoints,
  ...podEndpoints,
  ...auditEndpoints,
  ...manageEndpoints,
  ...manageWriteEndpoints,
  ...clusterRegistrationEndpoints,
  ...registryEndpoints,
  ...favouriteEndpoints,
  ...dashboardEndpoints,
  ...alarmEndpoints,
  ...yamlImportEndpoints,
  ...monitoringEndpoints,
  ...applicationEndpoints,
  ...configEndpoints,
  ...podDetailEndpoints,
  ...resourceFormEndpoints,
  ...resourceDeleteEndpoints,
  ...appStoreEndpoints,
  ...costEndpoints,
  // After every fixed collection below …/namespaces/:namespace: ':kind' matches any segment.
  ...workloadEndpoints,
  // Last: '/crd.{host}/:kind' would take every fixed path after it.
  ...crdEndpoints,
} as const satisfies Record<string, Endpoint>;

export type EndpointId = keyof typeof endpoints;

/** The data a successful call of endpoint `K` answers (the envelope's `data`). */
export type ResponseFor<K extends EndpointId> = ResponseOf<(typeof endpoints)[K]>;
/** The JSON body a client sends to endpoint `K`. */
export type BodyFor<K extends EndpointId> = BodyOf<(typeof endpoints)[K]>;
/** The query a client sends to endpoint `K`. */
export type QueryFor<K extends EndpointId> = QueryOf<(typeof endpoints)[K]>;
/** The path parameters of endpoint `K`. */
export type ParamsFor<K extends EndpointId> = ParamsOf<(typeof endpoints)[K]>;
