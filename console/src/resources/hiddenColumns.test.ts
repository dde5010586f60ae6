import { afterEach, describe, expect, it } from 'vitest';
import { readHiddenColumns, saveHiddenColumns } from './hiddenColumns';

afterEach(() => localStorage.clear());

describe('hidden columns', () => {
  it('keeps each user her own choice per kind, and forgets a kind shown whole again', () => {
    saveHiddenColumns('u1', 'Pod', ['node', 'namespace']);
    saveHiddenColumns('u1', 'Service', ['ports']);
    saveHiddenColumns('u2', 'Pod', ['cluster']);
    expect(readHiddenColumns('u1', 'Pod')).toEqual(['node', 'namespace']);
    expect(readHiddenColumns('u2', 'Pod')).toEqual(['cluster']);
    saveHiddenColumns('u1', 'Pod', []);
    expect(readHiddenColumns('u1', 'Pod')).toEqual([]);
    expect(readHiddenColumns('u1', 'Service')).toEqual(['ports']);
  });

  it('reads stored text it cannot use as no choice', () => {
    localStorage.setItem('nimbus.columns.u1', '{"Pod":"node","Service":[1,"ports"]}');
    expect(readHiddenColumns('u1', 'Pod')).toEqual([]);
    expect(readHiddenColumns('u1', 'Service')).toEqual(['ports']);
    localStorage.setItem('nimbus.columns.u1', 'not json');
    expect(readHiddenColumns('u1', 'Pod')).toEqual([]);
  });
});
