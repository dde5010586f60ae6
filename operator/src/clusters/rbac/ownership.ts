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

/** Kubernetes object names are at most 253 characters. */
const maxNameLength = 253;
const hashLength = 20;

/** The object-name prefix of one registration's objects. */
export const registrationPrefix = (clusterUid: string): string =>
  `${managedNamePrefix}${clusterUid}:`;

/**
 * The ClusterRole and the ClusterRoleBinding (same name, two kinds) of one user in one
 * registration. User names may be 253 characters long: a long one keeps a readable start and a
 * hash of the whole name, which stays unique (user names hold no `:`).
 */
export function userObjectName(clusterUid: string, user: string): string {
  const name = `${registrationPrefix(clusterUid)}user:${user}`;
  if (name.length <= maxNameLength) return name;
  const hash = createHash('sha256').update(user).digest('hex').slice(0, hashLength);
  const room = maxNameLength - registrationPrefix(clusterUid).length - 'user::'.length - hashLength;
  return `${registrationPrefix(clusterUid)}user:${user.slice(0, room)}:${hash}`;
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
