import { describe, expect, it } from 'vitest';
import { gib } from './allocation.js';
import { containerInputs, nodeInput, usageKey, workloadOf } from './inputs.js';

const pod = (over: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  metadata: {
    name: 'web-7d4b9-abcde',
    namespace: 'demo',
    labels: { app: 'web', 'pod-template-hash': '7d4b9' },
    ownerReferences: [{ kind: 'ReplicaSet', name: 'web-7d4b9', controller: true }],
    ...metadata,
  },
  spec: {
    nodeName: 'member-a-node-0',
    containers: [{ name: 'app', resources: { requests: { cpu: '250m', memory: '64Mi' } } }],
  },
  status: { phase: 'Running' },
  ...over,
});

describe('nodeInput', () => {
  it('reads capacity, instance type and region from the node', () => {
    expect(
      nodeInput({
        metadata: {
          name: 'member-a-node-0',
          labels: {
            'node.kubernetes.io/instance-type': 'm5.xlarge',
            'topology.kubernetes.io/region': 'us-east-1',
          },
        },
        status: { capacity: { cpu: '4', memory: '16Gi' } },
      }),
    ).toEqual({
      name: 'member-a-node-0',
      instanceType: 'm5.xlarge',
      region: 'us-east-1',
      cpuCores: 4,
      memoryBytes: 16 * gib,
    });
  });
});

describe('workloadOf', () => {
  it('reads a ReplicaSet with the pod template hash as its Deployment', () => {
    expect(workloadOf(pod())).toEqual({ kind: 'Deployment', name: 'web' });
  });

  it('names a Job by its CronJob when it has one, and a bare pod by itself', () => {
    const job = pod(
      {},
      { ownerReferences: [{ kind: 'Job', name: 'backup-29000', controller: true }] },
    );
    expect(
      workloadOf(job, (ns, name) =>
        ns === 'demo' && name === 'backup-29000' ? 'backup' : undefined,
      ),
    ).toEqual({
      kind: 'CronJob',
      name: 'backup',
    });
    expect(workloadOf(pod({}, { name: 'solo', ownerReferences: undefined }))).toEqual({
      kind: 'Pod',
      name: 'solo',
    });
  });
});

describe('containerInputs', () => {
  it('takes requests and usage of running pods, without revision labels', () => {
    const usage = {
      cpuCores: new Map([[usageKey('demo', 'web-7d4b9-abcde', 'app'), 0.1]]),
      memoryBytes: new Map([[usageKey('demo', 'web-7d4b9-abcde', 'app'), 128 * 2 ** 20]]),
    };
    expect(containerInputs([pod()], usage)).toEqual([
      {
        namespace: 'demo',
        pod: 'web-7d4b9-abcde',
        container: 'app',
        node: 'member-a-node-0',
        workload: { kind: 'Deployment', name: 'web' },
        labels: { app: 'web' },
        cpuRequestCores: 0.25,
        memoryRequestBytes: 64 * 2 ** 20,
        cpuUsageCores: 0.1,
        memoryUsageBytes: 128 * 2 ** 20,
      },
    ]);
  });

  it('skips pods that are not running or not placed', () => {
    expect(containerInputs([pod({ status: { phase: 'Succeeded' } })], undefined)).toEqual([]);
    expect(
      containerInputs([pod({ spec: { containers: [] }, status: { phase: 'Running' } })], undefined),
    ).toEqual([]);
  });
});
