// Node fields both sides read the same way.
import { arrayAt, textAt, valueAt } from './object-paths.js';

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

/** Ready when the Ready condition is True; a node without conditions is not ready. */
export const nodeReady = (node: unknown): boolean =>
  arrayAt(node, 'status', 'conditions').some(
    (condition) => textAt(condition, 'type') === 'Ready' && textAt(condition, 'status') === 'True',
  );

/** The node's roles, read from its labels. */
export const nodeRolesOf = (node: unknown): string[] => {
  const labels = valueAt(node, 'metadata', 'labels');
  return nodeRoles(
    typeof labels === 'object' && labels !== null ? (labels as Record<string, string>) : {},
  );
};

export const nodeInternalIP = (node: unknown): string | undefined =>
  textAt(
    arrayAt(node, 'status', 'addresses').find(
      (address) => textAt(address, 'type') === 'InternalIP',
    ),
    'address',
  );

export const nodeKubeletVersion = (node: unknown): string | undefined =>
  textAt(node, 'status', 'nodeInfo', 'kubeletVersion');

export const nodeSchedulable = (node: unknown): boolean =>
  valueAt(node, 'spec', 'unschedulable') !== true;
