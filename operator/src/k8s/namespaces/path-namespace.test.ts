import { describe, expect, it } from 'vitest';
import { assertPathNamespace } from './path-namespace.js';

describe('assertPathNamespace', () => {
  it('accepts no namespace or the one in the path, refuses another with a readable message', () => {
    expect(() => assertPathNamespace({ metadata: {} }, 'demo')).not.toThrow();
    expect(() => assertPathNamespace({ metadata: { namespace: 'demo' } }, 'demo')).not.toThrow();
    expect(() => assertPathNamespace({ metadata: { namespace: 'other' } }, 'demo')).toThrow(
      'metadata.namespace: must be demo, the namespace in the path',
    );
  });
});
