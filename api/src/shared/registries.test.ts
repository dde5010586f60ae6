import { describe, expect, it } from 'vitest';
import {
  joinRepository,
  matchesRegistryHost,
  registryRegion,
  splitRepository,
} from './registries.js';

describe('registry host patterns', () => {
  it.each([
    ['ECR', '123456789012.dkr.ecr.us-east-1.amazonaws.com', 'us-east-1'],
    ['ECR', '123456789012.dkr.ecr.cn-north-1.amazonaws.com.cn', 'cn-north-1'],
    ['ACR', 'registry.cn-hangzhou.aliyuncs.com', 'cn-hangzhou'],
    ['ACR', 'registry-vpc.ap-southeast-1.aliyuncs.com', 'ap-southeast-1'],
    ['ACR', 'shop-registry.cn-shanghai.cr.aliyuncs.com', 'cn-shanghai'],
    ['SWR', 'swr.cn-north-4.myhuaweicloud.com', 'cn-north-4'],
    ['GAR', 'us-central1-docker.pkg.dev', 'us-central1'],
    ['GAR', 'eu.gcr.io', undefined],
    ['TCR', 'my-registry.tencentcloudcr.com', undefined],
    ['DockerHub', 'docker.io', undefined],
    ['Distribution', '127.0.0.1:16446', undefined],
    ['Harbor', 'harbor.example.com', undefined],
  ] as const)('%s accepts %s (region %s)', (kind, host, region) => {
    expect(matchesRegistryHost(kind, host)).toBe(true);
    expect(registryRegion(kind, host)).toBe(region);
  });

  it.each([
    ['ECR', '12345.dkr.ecr.us-east-1.amazonaws.com'],
    ['ECR', '123456789012.dkr.ecr.us-east-1.amazonaws.com.evil.io'],
    ['ACR', 'registry.cn-hangzhou.aliyuncs.com.evil.io'],
    ['SWR', 'swr.myhuaweicloud.com'],
    ['TCR', 'a.b.tencentcloudcr.com'],
    ['TCR', 'tencentcloudcr.com'],
    ['GAR', 'docker.pkg.dev'],
    ['DockerHub', 'hub.docker.com'],
    ['Distribution', 'https://registry.example.com'],
    ['Harbor', 'Harbor.Example.com'],
  ] as const)('%s refuses %s', (kind, host) => {
    expect(matchesRegistryHost(kind, host)).toBe(false);
  });
});

describe('splitRepository', () => {
  it.each([
    ['nginx', { host: 'docker.io', subPath: 'library', image: 'nginx', tag: 'latest' }],
    ['bitnami/redis:7.2', { host: 'docker.io', subPath: 'bitnami', image: 'redis', tag: '7.2' }],
    [
      'docker.io/library/nginx:1.27',
      { host: 'docker.io', subPath: 'library', image: 'nginx', tag: '1.27' },
    ],
    [
      'index.docker.io/library/nginx:1',
      { host: 'docker.io', subPath: 'library', image: 'nginx', tag: '1' },
    ],
    [
      '127.0.0.1:16446/team/tools/busy:2024.1',
      { host: '127.0.0.1:16446', subPath: 'team/tools', image: 'busy', tag: '2024.1' },
    ],
    ['localhost/app', { host: 'localhost', subPath: '', image: 'app', tag: 'latest' }],
    [
      'swr.cn-north-4.myhuaweicloud.com/org/web@sha256:' + 'a'.repeat(64),
      {
        host: 'swr.cn-north-4.myhuaweicloud.com',
        subPath: 'org',
        image: 'web',
        tag: 'sha256:' + 'a'.repeat(64),
      },
    ],
    ['registry:5000/app:v1', { host: 'registry:5000', subPath: '', image: 'app', tag: 'v1' }],
  ])('%s', (reference, parts) => {
    expect(splitRepository(reference)).toEqual(parts);
  });

  it.each(['', 'UPPER/case', 'a//b', 'host.io/app:bad tag', 'app@sha256:xyz', ':tag', 'a/'])(
    'refuses %j',
    (reference) => {
      expect(splitRepository(reference)).toBeUndefined();
    },
  );

  it('joins what it split', () => {
    for (const reference of [
      '127.0.0.1:16446/library/hello:1.0',
      'docker.io/library/nginx:latest',
    ]) {
      const parts = splitRepository(reference);
      expect(parts && joinRepository(parts)).toBe(reference);
    }
  });
});
