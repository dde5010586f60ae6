import { describe, expect, it } from 'vitest';
import { newestFirst } from './versions.js';

describe('newestFirst', () => {
  it('orders by SemVer precedence, pre-releases below their release, other tags last', () => {
    expect(
      newestFirst(['0.9.0', '1.10.0', 'latest', '1.2.0', '1.10.0-rc.2', '1.10.0-rc.10', 'v1.3.0']),
    ).toEqual(['1.10.0', '1.10.0-rc.10', '1.10.0-rc.2', 'v1.3.0', '1.2.0', '0.9.0', 'latest']);
  });
});
