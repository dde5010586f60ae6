import { secretValuesBody } from '@nimbus/api';
import { describe, expect, it } from 'vitest';
import { secretValuesPatch } from './secret-values.js';

describe("a write-only change of a secret's values", () => {
  it('sets through stringData and removes with nulls, naming no other key', () => {
    const input = secretValuesBody.parse({ set: { password: 'n3w' }, remove: ['old-token'] });
    expect(secretValuesPatch(input)).toEqual({
      data: { 'old-token': null },
      stringData: { password: 'n3w' },
    });
    expect(secretValuesPatch(secretValuesBody.parse({ set: { a: '1' } }))).toEqual({
      stringData: { a: '1' },
    });
    expect(secretValuesPatch(secretValuesBody.parse({ remove: ['a'] }))).toEqual({
      data: { a: null },
    });
  });

  it('refuses an empty change, a key both set and removed, and a bad key', () => {
    expect(secretValuesBody.safeParse({}).success).toBe(false);
    const both = secretValuesBody.safeParse({ set: { a: '1' }, remove: ['a'] });
    expect(both.error?.issues.map((issue) => issue.message)).toEqual(['a is also set']);
    expect(secretValuesBody.safeParse({ set: { 'a/b': '1' } }).success).toBe(false);
  });
});
