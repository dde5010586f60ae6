import { describe, expect, it } from 'vitest';
import type { IndexNotice } from './change-feed.js';
import { noticeQuery, noticeScope } from './notice-scope.js';

const of = (kind: string, namespace: string, name: string, cluster = 'alpha'): IndexNotice => ({
  cluster,
  kind,
  namespace,
  name,
  type: 'upsert',
});

describe('noticeScope', () => {
  it('follows the list rows: kinds per cluster, namespaces when limited', () => {
    const hears = noticeScope([
      { cluster: 'alpha', kinds: ['pods', 'namespaces'], namespaces: ['shop'] },
      { cluster: 'bravo', kinds: ['pods'] },
      { cluster: 'charlie', kinds: [] },
    ]);
    expect(hears(of('pods', 'shop', 'web'))).toBe(true);
    expect(hears(of('pods', 'bank', 'vault'))).toBe(false);
    expect(hears(of('namespaces', '', 'shop'))).toBe(true);
    expect(hears(of('namespaces', '', 'bank'))).toBe(false);
    expect(hears({ ...of('pods', '', ''), type: 'relist' })).toBe(true);
    expect(hears(of('secrets', 'shop', 'token'))).toBe(false);
    expect(hears(of('pods', 'any', 'web', 'bravo'))).toBe(true);
    expect(hears(of('pods', 'any', 'web', 'charlie'))).toBe(false);
    expect(hears(of('pods', 'any', 'web', 'delta'))).toBe(false);
  });
});

describe('noticeQuery', () => {
  it('keeps the kinds asked for, in the clusters and namespaces asked for', () => {
    const asked = noticeQuery({ kind: ['pods'], cluster: ['alpha'], namespace: ['shop'] });
    expect(asked(of('pods', 'shop', 'web'))).toBe(true);
    expect(asked(of('pods', 'bank', 'web'))).toBe(false);
    expect(asked(of('pods', 'shop', 'web', 'bravo'))).toBe(false);
    expect(asked(of('services', 'shop', 'web'))).toBe(false);
    expect(asked({ ...of('pods', '', ''), type: 'relist' })).toBe(true);
  });
});
