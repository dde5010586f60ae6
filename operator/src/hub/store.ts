import type { KubeConfig } from '@kubernetes/client-node';
import { alarmReceiverKind } from '../crds/alarm-receiver.js';
import { alarmRuleKind } from '../crds/alarm-rule.js';
import { alarmSilenceKind } from '../crds/alarm-silence.js';
import { chartSourceKind } from '../crds/chart-source.js';
import { clusterKind } from '../crds/cluster.js';
import { dashboardCategoryKind, dashboardKind } from '../crds/dashboard.js';
import { favouriteKind } from '../crds/favourite.js';
import { identityProviderKind } from '../crds/identity-provider.js';
import { organizationKind } from '../crds/organization.js';
import { registryKind } from '../crds/registry.js';
import { roleKind } from '../crds/role.js';
import { sessionKind } from '../crds/session.js';
import { userGroupKind } from '../crds/user-group.js';
import { userKind } from '../crds/user.js';
import type { Logger } from '../logger.js';
import type { KindStoreOptions } from './kind-store.js';
import { createKindStore } from './kind-store.js';
import type { LeaseStore } from './leases.js';
import { createLeaseStore } from './leases.js';
import type { SecretStore } from './secrets.js';
import { createSecretStore } from './secrets.js';
import type { KindStore, Stored } from './types.js';

export type {
  ObjectMeta,
  OwnerReference,
  Stored,
  ApplyObject,
  StatusManager,
  MergeChange,
  ChangeType,
  ChangeListener,
  KindStore,
} from './types.js';

export interface HubStore {
  users: KindStore<typeof userKind>;
  organizations: KindStore<typeof organizationKind>;
  userGroups: KindStore<typeof userGroupKind>;
  roles: KindStore<typeof roleKind>;
  sessions: KindStore<typeof sessionKind>;
  /**
   * Member clusters; an organization's are labelled nimbus.io/organization=<org name> and
   * nimbus.io/organization-uid=<org uid> (see organizationOf).
   */
  clusters: KindStore<typeof clusterKind>;
  /** Image registries; each names its organization in spec.organization. */
  registries: KindStore<typeof registryKind>;
  /** App store chart sources; each names its organization in spec.organization. */
  chartSources: KindStore<typeof chartSourceKind>;
  /** OpenID Connect providers users sign in with (system-wide, no organization). */
  identityProviders: KindStore<typeof identityProviderKind>;
  /** Resources users collected; each labelled nimbus.io/user=<user label value>. */
  favourites: KindStore<typeof favouriteKind>;
  /** Custom dashboard categories; each names its organization in spec.organization. */
  dashboardCategories: KindStore<typeof dashboardCategoryKind>;
  /** Custom dashboards (with their panels); each names its organization in spec.organization. */
  dashboards: KindStore<typeof dashboardKind>;
  /** Alarm silences; each belongs to the organization of the Cluster it names. */
  alarmSilences: KindStore<typeof alarmSilenceKind>;
  /** Alarm receivers; each names its organization in spec.organization. */
  alarmReceivers: KindStore<typeof alarmReceiverKind>;
  /** Alarm rules; each names its organization and one Cluster of it. */
  alarmRules: KindStore<typeof alarmRuleKind>;
  /** Secrets in the operator's namespace (NIMBUS_NAMESPACE). */
  secrets: SecretStore;
  /** coordination.k8s.io Leases in the operator's namespace, used as shared counters. */
  leases: LeaseStore;
  readonly namespace: string;
  /** Resolves once every cache holds a full initial list. */
  waitForSync(): Promise<void>;
  stop(): Promise<void>;
}

export type UserObject = Stored<typeof userKind>;
export type OrganizationObject = Stored<typeof organizationKind>;
export type UserGroupObject = Stored<typeof userGroupKind>;
export type RoleObject = Stored<typeof roleKind>;
export type ClusterObject = Stored<typeof clusterKind>;
export type FavouriteObject = Stored<typeof favouriteKind>;
export type RegistryObject = Stored<typeof registryKind>;
export type DashboardCategoryObject = Stored<typeof dashboardCategoryKind>;
export type DashboardObject = Stored<typeof dashboardKind>;
export type AlarmSilenceObject = Stored<typeof alarmSilenceKind>;
export type AlarmReceiverObject = Stored<typeof alarmReceiverKind>;
export type AlarmRuleObject = Stored<typeof alarmRuleKind>;
export type ChartSourceObject = Stored<typeof chartSourceKind>;
export type IdentityProviderObject = Stored<typeof identityProviderKind>;

export interface HubStoreOptions extends KindStoreOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  logger: Logger;
}

export function createHubStore(options: HubStoreOptions): HubStore {
  const { kubeConfig, logger, namespace, ...cacheOptions } = options;
  const kinds = {
    users: createKindStore(kubeConfig, userKind, logger, cacheOptions),
    organizations: createKindStore(kubeConfig, organizationKind, logger, cacheOptions),
    userGroups: createKindStore(kubeConfig, userGroupKind, logger, cacheOptions),
    roles: createKindStore(kubeConfig, roleKind, logger, cacheOptions),
    sessions: createKindStore(kubeConfig, sessionKind, logger, cacheOptions),
    clusters: createKindStore(kubeConfig, clusterKind, logger, cacheOptions),
    registries: createKindStore(kubeConfig, registryKind, logger, cacheOptions),
    favourites: createKindStore(kubeConfig, favouriteKind, logger, cacheOptions),
    dashboardCategories: createKindStore(kubeConfig, dashboardCategoryKind, logger, cacheOptions),
    dashboards: createKindStore(kubeConfig, dashboardKind, logger, cacheOptions),
    alarmSilences: createKindStore(kubeConfig, alarmSilenceKind, logger, cacheOptions),
    alarmReceivers: createKindStore(kubeConfig, alarmReceiverKind, logger, cacheOptions),
    alarmRules: createKindStore(kubeConfig, alarmRuleKind, logger, cacheOptions),
    chartSources: createKindStore(kubeConfig, chartSourceKind, logger, cacheOptions),
    identityProviders: createKindStore(kubeConfig, identityProviderKind, logger, cacheOptions),
  };
  const all = Object.values(kinds);
  return {
    ...kinds,
    secrets: createSecretStore(kubeConfig, namespace),
    leases: createLeaseStore(kubeConfig, namespace),
    namespace,
    waitForSync: async () => {
      await Promise.all(all.map((store) => store.start()));
    },
    stop: async () => {
      await Promise.all(all.map((store) => store.stop()));
    },
  };
}
