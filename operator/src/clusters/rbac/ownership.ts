// Which RBAC objects in a member belong to which registration. A member may be registered more
// than once (twice in one organization, or in two organizations, or by two Nimbus installs):
// every registration (a Cluster, by uid) writes, prunes and cleans up only objects named and
// labelled with its own uid, so none can read, merge or delete another's.
import { createHash } from 'node:crypto';
import { clusterLabel } from '../cluster-view.js';
import { clusterUidLabel } from '../cluster-uid.js';

export { clusterUidLabel };

export const managedByLabel = 'app.kubernetes.io/managed-by';
export const managedByValue = 'nimbus';
export const managedBySelector = `${managedByLabel}=${managedByValue}`;
/** Only objects named like this are ever deleted, even when another tool uses the same label. */
export const managedNamePrefix = 'nimbus:';

const hashLength = 20;

/** The object-name prefix of one registration's objects. */
export const registrationPrefix = (clusterUid: string): string =>
  `${managedNamePrefix}${clusterUid}:`;

/**
 * The ClusterRole and the ClusterRoleBinding (same name, two kinds) of one set of RBAC rules in
 * one registration: every user whose effective permissions give these rules is a subject of the
 * one binding. Named by a digest of the rules, so a role's content never changes under its name
 * (a binding's roleRef cannot change) and 1,000 users with a handful of roles are a handful of
 * objects. Earlier versions wrote one pair per user (`…:user:<name>`); as this registration's
 * own objects they are pruned by the first projection.
 */
export function rulesObjectName(clusterUid: string, rulesKey: string): string {
  const hash = createHash('sha256').update(rulesKey).digest('hex').slice(0, hashLength);
  return `${registrationPrefix(clusterUid)}rules:${hash}`;
}

export const impersonatorObjectName = (clusterUid: string): string =>
  `${registrationPrefix(clusterUid)}impersonator`;

export function ownedLabels(cluster: {
  metadata: { name: string; uid: string };
}): Record<string, string> {
  return {
    [managedByLabel]: managedByValue,
    [clusterUidLabel]: cluster.metadata.uid,
    // For people reading the member; never used to decide ownership.
    [clusterLabel]: cluster.metadata.name,
  };
}

export interface LabelledObject {
  metadata: { name: string; labels?: Record<string, string> | undefined };
}

/** Written by this registration's projection. */
export function ownedBy(clusterUid: string) {
  return (object: LabelledObject): boolean =>
    object.metadata.labels?.[clusterUidLabel] === clusterUid &&
    object.metadata.name.startsWith(registrationPrefix(clusterUid));
}

const legacyNames = [/^nimbus:role:/, /^nimbus:user:/, /^nimbus:impersonator$/];

/**
 * Written by a version that projected one member for all its registrations at once (per-role
 * ClusterRoles `nimbus:role:<role>`, bindings `nimbus:user:<user>:<role>`, one
 * `nimbus:impersonator`). They belong to no registration; every registration removes them, as
 * each projects its own objects in their place.
 */
export function isLegacy(object: LabelledObject): boolean {
  return (
    object.metadata.labels?.[managedByLabel] === managedByValue &&
    object.metadata.labels[clusterUidLabel] === undefined &&
    legacyNames.some((pattern) => pattern.test(object.metadata.name))
  );
}

/** What a registration may delete: its own objects and those of the old layout. */
export function removableBy(clusterUid: string) {
  const own = ownedBy(clusterUid);
  return (object: LabelledObject): boolean => own(object) || isLegacy(object);
}
