import {
  ingressBody,
  persistentVolumeBody,
  persistentVolumeClaimBody,
  serviceBody,
  storageClassBody,
} from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import { ingressManifest, serviceIngressManifest, serviceManifest } from './network-manifests.js';
import {
  persistentVolumeClaimManifest,
  persistentVolumeManifest,
  storageClassManifest,
} from './storage-manifests.js';

describe('service manifest', () => {
  it('builds a NodePort service with named ports and the selector', () => {
    const input = serviceBody.parse({
      name: 'web',
      type: 'NodePort',
      selector: { app: 'web' },
      ports: [
        { name: 'http', port: 80, targetPort: 8080, nodePort: 30080 },
        { name: 'metrics', protocol: 'TCP', port: 9090, targetPort: 'metrics' },
      ],
    });
    expect(serviceManifest(input, 'shop')).toEqual({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'shop' },
      spec: {
        type: 'NodePort',
        selector: { app: 'web' },
        ports: [
          { name: 'http', protocol: 'TCP', port: 80, targetPort: 8080, nodePort: 30080 },
          { name: 'metrics', protocol: 'TCP', port: 9090, targetPort: 'metrics' },
        ],
      },
    });
  });

  it('refuses repeated ports, unnamed ports of several, and a node port on ClusterIP', () => {
    const result = serviceBody.safeParse({
      name: 'web',
      selector: { app: 'web' },
      ports: [
        { port: 80, targetPort: 80, nodePort: 30001 },
        { port: 80, targetPort: 81 },
      ],
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('ports must not repeat');
    expect(messages).toContain('name every port of a service with several');
    expect(messages).toContain('a ClusterIP service has no node port');
  });

  it('builds the ingress of "use ingress" to the first port, and none without it', () => {
    const input = serviceBody.parse({
      name: 'web',
      selector: { app: 'web' },
      ports: [{ port: 80, targetPort: 8080 }],
      ingress: { host: 'shop.example.com', path: '/web' },
    });
    expect(serviceIngressManifest(input, 'shop')).toEqual({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'web', namespace: 'shop' },
      spec: {
        rules: [
          {
            host: 'shop.example.com',
            http: {
              paths: [
                {
                  path: '/web',
                  pathType: 'Prefix',
                  backend: { service: { name: 'web', port: { number: 80 } } },
                },
              ],
            },
          },
        ],
      },
    });
    expect(serviceIngressManifest({ ...input, ingress: undefined }, 'shop')).toBeUndefined();
  });

  it('refuses a service without a selector and a name with capitals', () => {
    expect(
      serviceBody.safeParse({ name: 'Web', selector: {}, ports: [{ port: 1, targetPort: 1 }] })
        .success,
    ).toBe(false);
  });
});

describe('ingress manifest', () => {
  it('groups rules by host and adds TLS with the secret for HTTPS', () => {
    const input = ingressBody.parse({
      name: 'shop',
      https: true,
      tlsSecretName: 'shop-tls',
      rules: [
        { host: 'shop.example.com', path: '/api', serviceName: 'api', servicePort: 80 },
        { host: 'shop.example.com', path: '/', serviceName: 'web', servicePort: 'http' },
      ],
    });
    expect(ingressManifest(input, 'shop')).toEqual({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'shop', namespace: 'shop' },
      spec: {
        tls: [{ hosts: ['shop.example.com'], secretName: 'shop-tls' }],
        rules: [
          {
            host: 'shop.example.com',
            http: {
              paths: [
                {
                  path: '/api',
                  pathType: 'Prefix',
                  backend: { service: { name: 'api', port: { number: 80 } } },
                },
                {
                  path: '/',
                  pathType: 'Prefix',
                  backend: { service: { name: 'web', port: { name: 'http' } } },
                },
              ],
            },
          },
        ],
      },
    });
  });

  it('has no TLS without HTTPS, and HTTPS needs a secret', () => {
    const plain = ingressBody.parse({
      name: 'shop',
      rules: [{ path: '/shop', serviceName: 'web', servicePort: 80 }],
    });
    expect(ingressManifest(plain, 'shop').spec).toEqual({
      rules: [
        {
          http: {
            paths: [
              {
                path: '/shop',
                pathType: 'Prefix',
                backend: { service: { name: 'web', port: { number: 80 } } },
              },
            ],
          },
        },
      ],
    });
    const noSecret = ingressBody.safeParse({ ...plain, https: true, tlsSecretName: undefined });
    expect(noSecret.error?.issues[0]?.message).toBe('HTTPS needs a TLS secret');
  });
});

describe('storage manifests', () => {
  it('builds an NFS persistent volume with reclaim policy, class, mode and readonly', () => {
    const input = persistentVolumeBody.parse({
      name: 'data',
      capacity: '10Gi',
      accessModes: ['ReadWriteMany'],
      reclaimPolicy: 'Retain',
      storageClassName: 'nfs',
      readOnly: true,
      source: { kind: 'nfs', server: '10.0.0.5', path: '/exports/data' },
      claimRef: { namespace: 'shop', name: 'data' },
    });
    expect(persistentVolumeManifest(input)).toEqual({
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'data' },
      spec: {
        capacity: { storage: '10Gi' },
        accessModes: ['ReadWriteMany'],
        persistentVolumeReclaimPolicy: 'Retain',
        volumeMode: 'Filesystem',
        storageClassName: 'nfs',
        claimRef: { kind: 'PersistentVolumeClaim', namespace: 'shop', name: 'data' },
        nfs: { server: '10.0.0.5', path: '/exports/data', readOnly: true },
      },
    });
  });

  it('refuses a volume without access modes, a zero size and a relative NFS path', () => {
    const result = persistentVolumeBody.safeParse({
      name: 'data',
      capacity: '0Gi',
      accessModes: [],
      source: { kind: 'nfs', server: 'nfs.local', path: 'exports' },
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'accessModes',
      'capacity',
      'source.path',
    ]);
  });

  it('builds a claim and a storage class', () => {
    const claim = persistentVolumeClaimBody.parse({
      name: 'data',
      storage: '1Gi',
      accessModes: ['ReadWriteOnce'],
      volumeName: 'data',
      volumeMode: 'Block',
    });
    expect(persistentVolumeClaimManifest(claim, 'shop').spec).toEqual({
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: '1Gi' } },
      volumeMode: 'Block',
      volumeName: 'data',
    });
    const sc = storageClassBody.parse({
      name: 'fast',
      provisioner: 'nfs.csi.k8s.io',
      volumeBindingMode: 'WaitForFirstConsumer',
      parameters: { server: 'nfs.local' },
    });
    expect(storageClassManifest(sc)).toEqual({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: { name: 'fast' },
      provisioner: 'nfs.csi.k8s.io',
      reclaimPolicy: 'Delete',
      volumeBindingMode: 'WaitForFirstConsumer',
      parameters: { server: 'nfs.local' },
    });
  });
});
