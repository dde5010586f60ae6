import express, { Router } from 'express';
import { accessPolicy, apiAuthorizer } from '../access/middleware.js';
import type { AuditTrail } from '../../audit/trail.js';
import type { ClusterServices } from '../../clusters/registration.js';
import { authPaths } from '../auth/auth-paths.js';
import { authenticate } from '../auth/authenticate.js';
import { keepRawBody } from '../../identity/raw-body.js';
import type { IdentityServices } from '../../identity/services.js';
import { ChangeFeed } from '../../index/change-feed.js';
import { followHubLists } from '../../index/hub-list-notices.js';
import type { IndexReader } from '../../index/reader.js';
import { notFoundHandler } from '../error-handler.js';
import { alarmEndpoints } from './alarms.js';
import { auditEndpoints } from './audit.js';
import { authEndpoints, mfaEndpoints } from './auth.js';
import { configEndpoints } from './configs.js';
import type { RollupReader } from '../../cost/rollup-store.js';
import { costEndpoints } from './cost.js';
import { crdEndpoints } from './crd.js';
import { dashboardEndpoints } from './dashboards.js';
import { favouriteEndpoints } from './favourites.js';
import { iamEndpoints } from './iam.js';
import { identityProviderEndpoints } from './identity-providers.js';
import type { SingleSignOnDeps } from '../../sso/sign-in.js';
import type { PermissionGate } from '../../access/permission-gate.js';
import type { Catalogue } from '../../appstore/catalogue.js';
import type { IamDeps } from '../../iam/context.js';
import type { MemberAccess } from '../../k8s/member-access.js';
import type { RegistryServices } from '../../registries/registry-service.js';
import { namespaceEndpoints } from './namespaces.js';
import { manageEndpoints } from './manage.js';
import { clusterRegistrationEndpoints } from './cluster-registration.js';
import { monitoringEndpoints } from './monitoring.js';
import type { SystemInfo } from './system.js';
import { nodeEndpoints } from './nodes.js';
import { podEndpoints } from './pods.js';
import { registryEndpoints } from './registries.js';
import { registryPullSecretEndpoints } from './registry-pull-secrets.js';
import { resourceDeleteEndpoints } from './resource-deletes.js';
import { resourceFormEndpoints } from './resource-forms.js';
import { workloadEndpoints } from './workloads.js';
import { yamlImportEndpoints } from './yaml-import.js';
import { applicationEndpoints } from './applications.js';
import { appStoreEndpoints } from './appstore.js';
import type { UpgradeDeps, UpgradeListener } from '../upgrade/listener.js';
import { createUpgradeListener } from '../upgrade/listener.js';
import { defaultStreamMaxLifetimeSeconds } from '../upgrade/revocation.js';
import { systemEndpoints } from './system.js';
import { endpoints, openApiDocument } from '@nimbus/api';
import type { Implementation } from '../contract/implement.js';
import { assertImplementedOnce, registerEndpoints } from '../contract/register.js';
import { contractCheckFromEnv } from '../contract/response-check.js';

/** The API router is mounted here; service routers below it at /v1/{service}.{host}. */
export const apiMountPath = '/api';
export const apiVersionPath = '/v1';
export const jsonBodyLimit = '1mb';

/**
 * The domain services the routes call, built by the composition root (operator/src/compose.ts,
 * called by main.ts and the test apps): the routes only bind them to the contract. Each is
 * absent when what it needs is (no hub store, no cluster services).
 */
export interface RouteServices {
  /** Member clusters as the caller, after the caller's rights are checked. */
  members?: MemberAccess;
  /** Single sign-on: provider clients over the sessions and the hub store. */
  sso?: SingleSignOnDeps;
  iam?: IamDeps;
  registries?: RegistryServices;
  /** The catalogue permissions the operator enforces itself (docs/access.md). */
  gate?: PermissionGate;
  /** The app store's charts of the sources a caller may browse. */
  catalogue?: Catalogue;
}

export interface ApiDeps {
  system: SystemInfo;
  services: RouteServices;
  audit?: AuditTrail;
  /** Sessions, AK/SK and the hub store; without it (some unit tests) every caller is anonymous. */
  identity?: IdentityServices;
  /** Member cluster registration; needs identity. */
  clusters?: ClusterServices;
  /** The multi-cluster index behind /crd.{host}; needs identity. */
  index?: IndexReader;
  /** What the index writes, told as it writes (live lists); an idle feed when not given. */
  changes?: ChangeFeed;
  /** Validate every JSON response against the contract (default: NIMBUS_CONTRACT_CHECK=strict). */
  checkResponses?: boolean;
  /** What the WebSocket door needs beyond the routers' deps; without it there is none. */
  upgrades?: Pick<UpgradeDeps, 'app' | 'logger' | 'audit'>;
  /** The helm binary the app store runs (NIMBUS_HELM_PATH). */
  helmPath?: string;
  /** The cost center's daily rollups; without them the cost endpoint is not served. */
  costRollups?: RollupReader;
}

/** Full base path of one service, e.g. /api/v1/system.nimbus.io. */
export function servicePath(service: string, host: string): string {
  return `${apiMountPath}${apiVersionPath}/${service}.${host}`;
}

export interface ApiRoutes {
  router: Router;
  /** The WebSocket endpoints' door, for the server's upgrade requests (with identity only). */
  upgrade?: UpgradeListener;
}

/** Every /api route: the contract's endpoints (api/src/endpoints), bound to their handlers. */
export function apiRouter(deps: ApiDeps): ApiRoutes {
  const router = Router();
  // verify keeps the exact body bytes, which AK/SK signatures cover.
  router.use(express.json({ limit: jsonBodyLimit, verify: keepRawBody }));
  const paths = authPaths((service: string): string => servicePath(service, deps.system.host));
  if (deps.identity) router.use(authenticate(deps.identity, paths));
  // After authentication, before every service router: the one access check (docs/access.md).
  router.use(accessPolicy(deps.system.host, deps.identity?.store, router));
  const host = deps.system.host;
  const store = deps.identity?.store;
  const { members, sso, iam, registries, gate, catalogue } = deps.services;
  const memberDeps =
    store && deps.index && members ? { store, index: deps.index, members } : undefined;
  // The live lists' feed: the index's changes, and the admin lists' notices on the same feed, so
  // that one stream per page follows both.
  const liveChanges = store && deps.index ? (deps.changes ?? new ChangeFeed()) : undefined;
  if (store && liveChanges) followHubLists(store, liveChanges);
  let openApi: unknown;
  const implementations: Implementation[] = [
    ...systemEndpoints(deps.system, () => {
      openApi ??= openApiDocument(endpoints, {
        title: 'Nimbus API',
        version: deps.system.version,
        host,
        basePath: `${apiMountPath}${apiVersionPath}`,
      });
      return openApi;
    }),
    ...(deps.identity && sso && iam
      ? [
          ...authEndpoints(deps.identity, sso),
          ...identityProviderEndpoints(deps.identity, sso),
          ...mfaEndpoints(deps.identity),
          ...iamEndpoints(iam),
        ]
      : []),
    ...(memberDeps
      ? [
          ...nodeEndpoints(memberDeps),
          ...namespaceEndpoints(memberDeps),
          ...podEndpoints(memberDeps.members, {
            store: memberDeps.store,
            maxLifetimeSeconds:
              deps.identity?.settings.streamMaxLifetimeSeconds ?? defaultStreamMaxLifetimeSeconds,
          }),
          ...workloadEndpoints(memberDeps.members),
          ...yamlImportEndpoints(memberDeps.members),
          ...applicationEndpoints(memberDeps.members),
          ...configEndpoints(memberDeps.members),
          ...(registries ? registryPullSecretEndpoints(memberDeps.members, registries) : []),
          ...resourceFormEndpoints(memberDeps.members),
          ...resourceDeleteEndpoints(memberDeps.members),
          ...(catalogue
            ? appStoreEndpoints({
                store: memberDeps.store,
                members: memberDeps.members,
                policy: deps.clusters?.policy ?? {},
                helmPath: deps.helmPath ?? 'helm',
                catalogue,
              })
            : []),
        ]
      : []),
    ...(deps.identity && deps.index
      ? crdEndpoints({
          store: deps.identity.store,
          index: deps.index,
          cursorKey: deps.identity.cursorKey,
          members,
          live: {
            changes: liveChanges ?? new ChangeFeed(),
            streams: {
              store: deps.identity.store,
              maxLifetimeSeconds:
                deps.identity.settings.streamMaxLifetimeSeconds ?? defaultStreamMaxLifetimeSeconds,
            },
          },
        })
      : []),
    ...(store
      ? monitoringEndpoints({
          store,
          policy: deps.clusters?.policy ?? {},
          ...(deps.clusters ? { connector: deps.clusters.connector } : {}),
        })
      : []),
    ...(deps.audit ? auditEndpoints(deps.audit, store?.organizations) : []),
    ...(store ? [...manageEndpoints(store, deps.clusters), ...favouriteEndpoints(store)] : []),
    ...(store ? dashboardEndpoints(store) : []),
    ...(store ? alarmEndpoints(store) : []),
    ...(store && deps.costRollups ? costEndpoints(store, deps.costRollups) : []),
    ...(registries ? registryEndpoints(registries) : []),
    ...(deps.clusters ? clusterRegistrationEndpoints(deps.clusters, host) : []),
  ];
  // With every service wired (main.ts), each declared endpoint must be served exactly once.
  if (deps.identity && deps.clusters && deps.index && deps.audit) {
    assertImplementedOnce(implementations);
  }
  registerEndpoints(router, implementations, {
    host,
    prefix: apiVersionPath,
    checkResponses: deps.checkResponses ?? contractCheckFromEnv(),
    ...(gate ? { gate } : {}),
  });
  // Unknown API paths answer with the JSON envelope, never the console's HTML.
  router.use(notFoundHandler);
  const upgrade =
    deps.identity && deps.upgrades
      ? createUpgradeListener({
          ...deps.upgrades,
          host,
          mountPath: apiMountPath,
          versionPath: apiVersionPath,
          identity: deps.identity,
          authPaths: paths,
          authorize: apiAuthorizer(host, store),
          implementations,
        })
      : undefined;
  return { router, ...(upgrade ? { upgrade } : {}) };
}
