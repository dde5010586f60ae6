import { describe, expect, it } from 'vitest';
import { kindColumns, kindRowOf } from './kind-columns.js';
import { indexedKindNames } from './kinds.js';

const pod = {
  metadata: { name: 'web-1', namespace: 'demo', creationTimestamp: '2026-01-02T00:00:00Z' },
  spec: { nodeName: 'node-1', containers: [{ name: 'a' }, { name: 'b' }] },
  status: {
    phase: 'Running',
    containerStatuses: [
      { ready: true, restartCount: 2 },
      { ready: false, restartCount: 1 },
    ],
  },
};

describe('kind columns', () => {
  it('declares the columns of every indexed kind once each', () => {
    expect(Object.keys(kindColumns).sort()).toEqual([...indexedKindNames].sort());
    for (const columns of Object.values(kindColumns)) {
      const keys = columns.map((column) => column.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it("fills a pod's row as kubectl prints it, leaving out what the pod does not have", () => {
    const row = kindRowOf('Pod', pod);
    expect(row).toEqual({
      name: 'web-1',
      namespace: 'demo',
      createdAt: '2026-01-02T00:00:00Z',
      cells: { phase: 'Running', ready: '1/2', restarts: '3', node: 'node-1' },
    });
  });

  it('counts containers not started yet as not ready', () => {
    const pending = { spec: { containers: [{ name: 'a' }, { name: 'b' }] }, status: {} };
    expect(kindRowOf('Pod', pending).cells).toMatchObject({ ready: '0/2', restarts: '0' });
  });

  it("shows a Service's ports with node port and target, ClusterIP by default", () => {
    const service = {
      metadata: { name: 'web', namespace: 'demo' },
      spec: {
        clusterIP: '10.0.0.7',
        ports: [
          { port: 80, nodePort: 30080, targetPort: 'http', protocol: 'TCP' },
          { port: 53, protocol: 'UDP' },
        ],
      },
    };
    expect(kindRowOf('Service', service).cells).toEqual({
      serviceType: 'ClusterIP',
      clusterIP: '10.0.0.7',
      ports: '80:30080→http/TCP, 53→53/UDP',
    });
  });

  it('reads yes/no states as booleans for the console to name', () => {
    const node = {
      metadata: { name: 'n1', labels: { 'node-role.kubernetes.io/control-plane': '' } },
      spec: { unschedulable: true },
      status: { conditions: [{ type: 'Ready', status: 'True' }] },
    };
    const row = kindRowOf('Node', node);
    expect(row.namespace).toBeUndefined();
    expect(row.cells).toMatchObject({ ready: true, schedulable: false, roles: 'control-plane' });
    const suspended = { spec: { schedule: '*/5 * * * *', suspend: true } };
    expect(kindRowOf('CronJob', suspended).cells).toMatchObject({ suspend: true });
  });
});
