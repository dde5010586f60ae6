import { nodeRoles as rolesFromLabels } from '@nimbus/api/shared';
import { arrayAt, textAt, valueAt, type KubeObject } from './kubeObject';

/** Ready when the Ready condition is True; a node without conditions is not ready. */
export const nodeReady = (node: KubeObject): boolean =>
  arrayAt(node, 'status', 'conditions').some(
    (condition) => textAt(condition, 'type') === 'Ready' && textAt(condition, 'status') === 'True',
  );

/** Roles as the operator computes them (one helper, @nimbus/api/shared), sorted. */
export const nodeRoles = (node: KubeObject): string[] =>
  rolesFromLabels(node.metadata?.labels ?? {});

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
