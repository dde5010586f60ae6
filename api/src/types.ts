// Named types of the contract, derived from its schemas and endpoints (never restated shapes).
// Bodies and queries are what a client sends (z.input); views are what the server answers.
import type { z } from 'zod';
import type { BodyFor, ParamsFor, QueryFor, ResponseFor } from './endpoints/all.js';
import type { AuditQueryParams } from './schemas/audit.js';
import type { loginBody, mfaEnrolmentSchema } from './schemas/accounts.js';
import type {
  clusterInput,
  clusterTest,
  clusterUpdate,
  clusterViewSchema,
} from './schemas/cluster-requests.js';
import type { monitorInput } from './schemas/monitor-requests.js';
import type {
  createOrganizationBody,
  createUserBody,
  generalUpdateBody,
  groupBody,
  joinBody,
  passwordUpdateBody,
  permissionEffectSchema,
  providerInput,
  roleBody,
  updateOrganizationBody,
  updateUserBody,
} from './schemas/iam-requests.js';
import type { openApiDocument } from './openapi.js';
import type { cpuMemory } from './schemas/namespace-requests.js';
import type {
  limitRangeItemSchema,
  limitRangeSchema,
  limitRangeSpecSchema,
  resourceQuotaSchema,
  resourceQuotaSpecSchema,
} from './schemas/namespaces.js';
import type {
  accessKeyPairSchema,
  clusterBindingViewSchema,
  groupViewSchema,
  invitationSchema,
  orgViewSchema,
  permissionSchema,
  rolePermissionSchema,
  roleViewSchema,
  userViewSchema,
} from './schemas/iam-views.js';

// Auth and the signed-in user's own account.
export type LoginBody = BodyFor<'login'>;
export type LoginResult = ResponseFor<'login'>;
export type RegisterBody = BodyFor<'register'>;
export type RegisteredUser = ResponseFor<'register'>;
export type MfaEnrolment = z.output<typeof mfaEnrolmentSchema>;
export type AccessKeyPair = z.output<typeof accessKeyPairSchema>;

// IAM answers.
export type UserView = z.output<typeof userViewSchema>;
export type ClusterBindingView = z.output<typeof clusterBindingViewSchema>;
export type OrgView = z.output<typeof orgViewSchema>;
export type GroupView = z.output<typeof groupViewSchema>;
export type RoleView = z.output<typeof roleViewSchema>;
export type RolePermission = z.output<typeof rolePermissionSchema>;
export type PermissionEffect = z.output<typeof permissionEffectSchema>;
export type Permission = z.output<typeof permissionSchema>;
export type Invitation = z.output<typeof invitationSchema>;
export type UserOrganizations = ResponseFor<'listUserOrganizations'>;

// IAM requests, as a client sends them.
export type CreateUserBody = z.input<typeof createUserBody>;
export type GeneralUpdateBody = z.input<typeof generalUpdateBody>;
export type PasswordUpdateBody = z.input<typeof passwordUpdateBody>;
export type ClusterBindingInput = z.input<typeof providerInput>;
export type GroupBody = z.input<typeof groupBody>;
export type RoleBody = z.input<typeof roleBody>;
export type CreateOrganizationBody = z.input<typeof createOrganizationBody>;
export type UpdateOrganizationBody = z.input<typeof updateOrganizationBody>;
export type JoinOrganizationBody = z.input<typeof joinBody>;

// Member cluster registration and monitoring endpoints.
export type ClusterView = z.output<typeof clusterViewSchema>;
export type CreateClusterBody = z.input<typeof clusterInput>;
export type UpdateClusterBody = z.input<typeof clusterUpdate>;
export type TestClusterBody = z.input<typeof clusterTest>;
export type ClusterAddress = ParamsFor<'updateCluster'>;
export type MonitorBody = z.input<typeof monitorInput>;
export type ExplainAccessArgs = ParamsFor<'explainAccess'> & QueryFor<'explainAccess'>;

// Namespaces, quotas and limit ranges.
export type NamespaceAddress = ParamsFor<'deleteNamespace'>;
export type CreateNamespaceBody = BodyFor<'createNamespace'>;
/** CPU and memory as Kubernetes quantities, e.g. 500m and 512Mi. */
export type Quantities = z.input<typeof cpuMemory>;
export type ResourceQuotaObject = z.output<typeof resourceQuotaSchema>;
export type ResourceQuotaSpec = z.output<typeof resourceQuotaSpecSchema>;
export type LimitRangeObject = z.output<typeof limitRangeSchema>;
export type LimitRangeItem = z.output<typeof limitRangeItemSchema>;
export type LimitRangeSpec = z.output<typeof limitRangeSpecSchema>;

// Nodes.
export type NodeAddress = ParamsFor<'getNode'>;
/** A taint as the node metadata call sends it. */
export type Taint = NonNullable<BodyFor<'updateNodeMetadata'>['taints']>[number];
/** A node's capacity or allocatable: Kubernetes quantities by resource name. */
export type ResourceFigures = ResponseFor<'getNode'>['capacity'];

// Search.
/** GET /api/v1/openapi.json: the OpenAPI 3.1 document (a raw answer, not an envelope). */
export type OpenApiDocument = ReturnType<typeof openApiDocument>;

export type SearchSample = ResponseFor<'search'>[number]['resources'][number]['samples'][number];

// Audit: page and pageSize are coerced on the server, so their input type says nothing.
export type AuditQuery = AuditQueryParams & { page: number; pageSize: number };

// The parsed requests the operator's handlers receive (defaults applied, text trimmed).
export type ParsedLogin = z.output<typeof loginBody>;
export type ParsedCreateUser = z.output<typeof createUserBody>;
export type ParsedGeneralUpdate = z.output<typeof generalUpdateBody>;
export type ParsedUserUpdate = z.output<typeof updateUserBody>;
export type ParsedClusterBinding = z.output<typeof providerInput>;
export type ParsedGroup = z.output<typeof groupBody>;
export type ParsedRole = z.output<typeof roleBody>;
export type ParsedCreateOrganization = z.output<typeof createOrganizationBody>;
export type ParsedUpdateOrganization = z.output<typeof updateOrganizationBody>;
export type ParsedJoin = z.output<typeof joinBody>;
export type ParsedClusterInput = z.output<typeof clusterInput>;
export type ParsedClusterUpdate = z.output<typeof clusterUpdate>;
export type ParsedClusterTest = z.output<typeof clusterTest>;
export type ParsedMonitor = z.output<typeof monitorInput>;
