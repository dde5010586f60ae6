import { describe, expect, it } from 'vitest';
import { nodeRoles } from './nodes.js';

describe('nodeRoles', () => {
  it('reads node-role labels and the legacy role label, sorted, without duplicates', () => {
    expect(
      nodeRoles({
        'node-role.kubernetes.io/worker': '',
        'node-role.kubernetes.io/control-plane': '',
        'kubernetes.io/role': 'worker',
        'node-role.kubernetes.io/': '',
        app: 'web',
      }),
    ).toEqual(['control-plane', 'worker']);
  });
});
