/**
 * The admin lists a change stream can follow beside the index's kinds: the hub's objects of one
 * organization. Their notices name no object, only the organization (its uid) whose list changed
 * (docs/decisions/live-changes.md).
 */
export const hubListKinds = [
  'hub.users',
  'hub.groups',
  'hub.roles',
  'hub.clusters',
  'hub.registries',
] as const;
export type HubListKind = (typeof hubListKinds)[number];

export const isHubListKind = (kind: string): kind is HubListKind =>
  (hubListKinds as readonly string[]).includes(kind);
