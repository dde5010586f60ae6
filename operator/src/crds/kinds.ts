import { alarmReceiverKind } from './alarm-receiver.js';
import { alarmRuleKind } from './alarm-rule.js';
import { alarmSilenceKind } from './alarm-silence.js';
import { chartSourceKind } from './chart-source.js';
import { clusterKind } from './cluster.js';
import { dashboardCategoryKind, dashboardKind } from './dashboard.js';
import { favouriteKind } from './favourite.js';
import { identityProviderKind } from './identity-provider.js';
import type { KindDefinition } from './kind.js';
import { organizationKind } from './organization.js';
import { registryKind } from './registry.js';
import { roleKind } from './role.js';
import { sessionKind } from './session.js';
import { userGroupKind } from './user-group.js';
import { userKind } from './user.js';

/** Every custom resource kind of nimbus.io, in the order the CRD files are generated. */
export const allKinds: readonly KindDefinition[] = [
  organizationKind,
  userKind,
  userGroupKind,
  roleKind,
  sessionKind,
  clusterKind,
  registryKind,
  favouriteKind,
  alarmSilenceKind,
  dashboardCategoryKind,
  dashboardKind,
  alarmReceiverKind,
  alarmRuleKind,
  chartSourceKind,
  identityProviderKind,
];
