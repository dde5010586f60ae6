import { describe, expect, it } from 'vitest';
import { applicationBody, containerBody, keyValueLines } from './applicationValues';

describe('keyValueLines (label input)', () => {
  it('splits each line at the first colon, trims both sides and ignores empty lines', () => {
    expect(keyValueLines(' team : shop \n\nnote: a:b\nflag')).toEqual({
      team: 'shop',
      note: 'a:b',
      flag: '',
    });
    expect(keyValueLines('  \n')).toBeUndefined();
  });
});

describe('containerBody', () => {
  it('turns the sub-form into the contract: lines, trimmed env, refs, mounts, resources, probes', () => {
    expect(
      containerBody({
        name: ' web ',
        image: ' registry.example.com/web:1 ',
        commandText: '/bin/sh\n-c\n',
        argsText: 'echo hello world',
        containerPort: 8080,
        env: [
          { name: ' MODE ', source: 'value', value: ' fast ' },
          { name: 'HOST', source: 'configMap', refName: ' db ', refKey: ' host ' },
          { name: 'PASSWORD', source: 'secret', refName: 'db-creds', refKey: 'password' },
        ],
        mounts: [{ source: 'secret', sourceName: 'tls', mountPath: ' /etc/tls ', subPath: ' ' }],
        requests: { cpu: ' 100m ', memory: '' },
        limits: {},
        liveness: { type: 'exec', commandText: 'cat\n/tmp/ok', periodSeconds: 10, port: 80 },
        readiness: { type: 'none', port: 80 },
      }),
    ).toEqual({
      name: 'web',
      image: 'registry.example.com/web:1',
      command: ['/bin/sh', '-c'],
      args: ['echo hello world'],
      ports: [{ containerPort: 8080 }],
      env: [
        { name: 'MODE', value: 'fast' },
        { name: 'HOST', configMapKeyRef: { name: 'db', key: 'host' } },
        { name: 'PASSWORD', secretKeyRef: { name: 'db-creds', key: 'password' } },
      ],
      volumeMounts: [
        { source: 'secret', sourceName: 'tls', mountPath: '/etc/tls', readOnly: true },
      ],
      resources: { requests: { cpu: '100m' } },
      livenessProbe: { type: 'exec', command: ['cat', '/tmp/ok'], periodSeconds: 10 },
    });
  });
});

describe('applicationBody', () => {
  const container = { name: 'app', image: 'registry.example.com/app:1' };

  it("keeps only the chosen kind's fields", () => {
    const body = applicationBody(
      {
        kind: 'CronJob',
        name: 'nightly',
        replicas: 3,
        podManagementPolicy: 'Parallel',
        updateStrategy: 'OnDelete',
        autoscaleEnabled: true,
        autoscale: { minReplicas: 1, maxReplicas: 2, cpuUtilization: 50 },
        cron: { schedule: ' 0 2 * * * ', concurrencyPolicy: 'Forbid', backoffLimit: 1 },
      },
      [container],
      { type: 'ClusterIP', ports: [{ port: 80, targetPort: 80 }] },
    );
    expect(body).toMatchObject({
      kind: 'CronJob',
      cronJob: { schedule: '0 2 * * *', concurrencyPolicy: 'Forbid', backoffLimit: 1 },
    });
    for (const field of [
      'replicas',
      'podManagementPolicy',
      'updateStrategy',
      'autoscale',
      'service',
    ]) {
      expect(body).not.toHaveProperty(field);
    }
  });

  it('builds a StatefulSet with partition, scheduling rules, autoscale and a service', () => {
    const body = applicationBody(
      {
        kind: 'StatefulSet',
        name: 'db',
        replicas: 2,
        podManagementPolicy: 'Parallel',
        updateStrategy: 'RollingUpdate',
        partition: 1,
        hostAliases: [{ ip: ' 10.0.0.1 ', hostnamesText: 'a.local, b.local' }],
        nodeAffinity: [{ required: true, key: 'zone', operator: 'In', valuesText: 'a,b' }],
        podAntiAffinity: [
          { required: false, weight: 30, topologyKey: ' zone ', key: 'app', operator: 'Exists' },
        ],
        tolerations: [
          { key: ' dedicated ', operator: 'Equal', value: ' db ', effect: 'NoSchedule' },
        ],
        autoscaleEnabled: true,
        autoscale: { minReplicas: 2, maxReplicas: 4, memoryUtilization: 75 },
      },
      [container],
      {
        type: 'NodePort',
        ports: [{ port: 5432, targetPort: 5432, nodePort: 30432 }],
        useIngress: true,
        ingressHost: ' db.example.com ',
      },
    );
    expect(body).toMatchObject({
      replicas: 2,
      podManagementPolicy: 'Parallel',
      updateStrategy: { type: 'RollingUpdate', partition: 1 },
      hostAliases: [{ ip: '10.0.0.1', hostnames: ['a.local', 'b.local'] }],
      nodeAffinity: [
        { required: true, expression: { key: 'zone', operator: 'In', values: ['a', 'b'] } },
      ],
      podAntiAffinity: [
        {
          required: false,
          weight: 30,
          topologyKey: 'zone',
          expression: { key: 'app', operator: 'Exists', values: [] },
        },
      ],
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'db', effect: 'NoSchedule' }],
      autoscale: { minReplicas: 2, maxReplicas: 4, memoryUtilization: 75 },
      service: {
        type: 'NodePort',
        ports: [{ protocol: 'TCP', port: 5432, targetPort: 5432, nodePort: 30432 }],
        useIngress: true,
        ingressHost: 'db.example.com',
      },
    });
    expect(body.nodeAffinity?.[0]).not.toHaveProperty('weight');
  });

  it('sends no service for "None" and no autoscale when it is switched off', () => {
    const body = applicationBody(
      {
        kind: 'Deployment',
        name: 'web',
        autoscaleEnabled: false,
        autoscale: { minReplicas: 1, maxReplicas: 2, cpuUtilization: 50 },
      },
      [container],
      { type: 'None' },
    );
    expect(body).not.toHaveProperty('autoscale');
    expect(body).not.toHaveProperty('service');
  });
});
