import { arrayAt, textAt, valueAt, type KubeObject } from './kubeObject';

const ROLE_LABEL_PREFIX = 'node-role.kubernetes.io/';

/** Ready when the Ready condition is True; a node without conditions is not ready. */
export const nodeReady = (node: KubeObject): boolean =>
  arrayAt(node, 'status', 'conditions').some(
    (condition) => textAt(condition, 'type') === 'Ready' && textAt(condition, 'status') === 'True',
  );

/** Roles from the node-role.kubernetes.io/<role> labels, sorted. */
export const nodeRoles = (node: KubeObject): string[] =>
  Object.keys(node.metadata?.labels ?? {})
    .filter((key) => key.startsWith(ROLE_LABEL_PREFIX) && key.length > ROLE_LABEL_PREFIX.length)
    .map((key) => key.slice(ROLE_LABEL_PREFIX.length))
    .sort();

export const nodeInternalIP = (node: KubeObject): string | undefined =>
  textAt(
    arrayAt(node, 'status', 'addresses').find(
      (address) => textAt(address, 'type') === 'InternalIP',
    ),
    'address',
  );

export const nodeKubeletVersion = (node: KubeObject): string | undefined =>
  textAt(node, 'status', 'nodeInfo', 'kubeletVersion');

export const nodeSchedulable = (node: KubeObject): boolean =>
  valueAt(node, 'spec', 'unschedulable') !== true;
