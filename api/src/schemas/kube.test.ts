import { describe, expect, it } from 'vitest';
import { kindRowOf } from '../shared/kind-columns.js';
import { kindRowSchema } from './kube.js';

describe('kindRowSchema', () => {
  it('accepts the rows the shared columns fill, text and yes/no cells alike', () => {
    const pod = { metadata: { name: 'web-1', namespace: 'demo' }, status: { phase: 'Pending' } };
    const node = { metadata: { name: 'n1' }, status: { conditions: [] } };
    for (const row of [kindRowOf('Pod', pod), kindRowOf('Node', node)]) {
      expect(kindRowSchema.parse(row)).toEqual(row);
    }
  });
});
