import { podLogsQuery } from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import { logPath } from './pod-logs.js';

const target = {
  vendor: 'ProviderKubeconfig',
  region: 'r1',
  cluster: 'alpha',
  namespace: 'demo',
  pod: 'web-1',
};

describe('logPath', () => {
  it('asks the member for the whole log of the default container without options', () => {
    expect(logPath(target, podLogsQuery.parse({}))).toBe('/api/v1/namespaces/demo/pods/web-1/log');
  });

  it('passes every PodLogOptions the caller gave, and only those', () => {
    const query = podLogsQuery.parse({
      container: 'nginx',
      follow: 'true',
      tailLines: '100',
      sinceSeconds: '300',
      previous: '1',
      timestamps: 'true',
      limitBytes: '4096',
    });
    const url = new URL(logPath(target, query), 'https://member');
    expect(url.pathname).toBe('/api/v1/namespaces/demo/pods/web-1/log');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      container: 'nginx',
      follow: 'true',
      tailLines: '100',
      sinceSeconds: '300',
      previous: 'true',
      timestamps: 'true',
      limitBytes: '4096',
    });
    const since = podLogsQuery.parse({ sinceTime: '2026-11-24T10:00:00Z', follow: 'false' });
    expect(logPath(target, since)).toBe(
      '/api/v1/namespaces/demo/pods/web-1/log?sinceTime=2026-11-24T10%3A00%3A00Z',
    );
  });
});

describe('podLogsQuery', () => {
  it.each([
    [{ sinceSeconds: '60', sinceTime: '2026-11-24T10:00:00Z' }, 'not both'],
    [{ tailLines: '-1' }, 'at least 0'],
    [{ tailLines: 'ten' }, ''],
    [{ sinceSeconds: '0' }, 'at least 1'],
    [{ sinceTime: 'yesterday' }, ''],
    [{ follow: 'yes' }, ''],
    [{ container: 'Not_A_Name' }, ''],
    [{ command: 'sh' }, ''],
  ])('refuses %j', (query, message) => {
    const parsed = podLogsQuery.safeParse(query);
    expect(parsed.success).toBe(false);
    if (!parsed.success && message) expect(parsed.error.issues[0]?.message).toContain(message);
  });
});
