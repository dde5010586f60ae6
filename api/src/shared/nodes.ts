// Node fields both sides read the same way.

const roleLabelPrefix = 'node-role.kubernetes.io/';
const legacyRoleLabel = 'kubernetes.io/role';

/** Roles as kubectl prints them: node-role.kubernetes.io/<role> labels and the legacy label. */
export function nodeRoles(labels: Readonly<Record<string, string>>): string[] {
  const roles = new Set<string>();
  for (const [key, value] of Object.entries(labels)) {
    if (key.startsWith(roleLabelPrefix) && key.length > roleLabelPrefix.length) {
      roles.add(key.slice(roleLabelPrefix.length));
    } else if (key === legacyRoleLabel && value !== '') {
      roles.add(value);
    }
  }
  return [...roles].sort();
}

/** The effects a taint may have. */
export const taintEffects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
export type TaintEffect = (typeof taintEffects)[number];
