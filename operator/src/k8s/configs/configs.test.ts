import { configMapBody, registrySecretBody, secretBody } from '@nimbus/api';
import { mountAnnotations } from '@nimbus/api/shared';
import { describe, expect, it } from 'vitest';
import { configManifest } from './config-objects.js';
import { configItem } from './config-views.js';
import { registrySecret } from './registry-secret.js';

describe('config map and secret bodies', () => {
  it('keeps only the object fields: no location, no extras', () => {
    const input = configMapBody.parse({
      metadata: {
        name: 'app-config',
        annotations: { [mountAnnotations.path]: '/etc/app', [mountAnnotations.mode]: '0644' },
      },
      data: { 'app.yaml': 'a: 1' },
    });
    expect(configManifest('configmaps', 'shop', input)).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'app-config',
        namespace: 'shop',
        annotations: { 'nimbus.io/mount-path': '/etc/app', 'nimbus.io/mount-mode': '0644' },
      },
      data: { 'app.yaml': 'a: 1' },
    });
  });

  it('refuses a file name in both data and binaryData, bad keys and bad mount settings', () => {
    const result = configMapBody.safeParse({
      metadata: {
        name: 'app',
        annotations: { [mountAnnotations.path]: 'etc', [mountAnnotations.mode]: '999' },
      },
      data: { 'a.txt': 'x', 'bad/key': 'y' },
      binaryData: { 'a.txt': 'eA==' },
    });
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining([
        'metadata.annotations.nimbus.io/mount-path',
        'metadata.annotations.nimbus.io/mount-mode',
        'data.bad/key',
      ]),
    );
    const repeated = configMapBody.safeParse({
      metadata: { name: 'app' },
      data: { 'a.txt': 'x' },
      binaryData: { 'a.txt': 'eA==' },
    });
    expect(repeated.error?.issues.map((issue) => issue.message)).toEqual([
      'file names must not repeat',
    ]);
  });

  it('needs tls.crt and tls.key for a TLS secret', () => {
    const result = secretBody.safeParse({
      metadata: { name: 'tls' },
      type: 'kubernetes.io/tls',
      stringData: { 'tls.crt': 'cert' },
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'kubernetes.io/tls needs tls.key',
    ]);
  });
});

describe('registry secret', () => {
  it('builds the .dockerconfigjson runtimes read', () => {
    const secret = registrySecret(
      registrySecretBody.parse({
        name: 'pull',
        server: 'registry.example.com:5000',
        username: 'ci',
        password: 's3cret',
      }),
    );
    expect(secret.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(
      Buffer.from(secret.data?.['.dockerconfigjson'] ?? '', 'base64').toString(),
    ) as { auths: Record<string, { username: string; password: string; auth: string }> };
    expect(config.auths['registry.example.com:5000']).toEqual({
      username: 'ci',
      password: 's3cret',
      auth: Buffer.from('ci:s3cret').toString('base64'),
    });
    expect(secretBody.safeParse(secret).success).toBe(true);
  });
});

describe('config items', () => {
  it('shows a secret by type and keys, never its values or a credential annotation', () => {
    const item = configItem('secrets', {
      metadata: {
        name: 'pull',
        managedFields: [{}],
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration': '{"data":{"x":"c2VjcmV0"}}',
          'tool.example/token': 'abc',
          [mountAnnotations.path]: '/etc/pull',
        },
      },
      type: 'Opaque',
      data: { password: 'c2VjcmV0', user: 'dXNlcg==' },
    });
    expect(item).toEqual({
      metadata: { name: 'pull', annotations: { 'nimbus.io/mount-path': '/etc/pull' } },
      type: 'Opaque',
      keys: ['password', 'user'],
    });
    expect(JSON.stringify(item)).not.toContain('c2VjcmV0');
  });

  it('lists a config map by data and binaryData keys', () => {
    expect(
      configItem('configmaps', {
        metadata: { name: 'cfg' },
        data: { b: '1' },
        binaryData: { a: 'AA==' },
      }).keys,
    ).toEqual(['a', 'b']);
  });
});
