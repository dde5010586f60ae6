import { describe, expect, it } from 'vitest';
import { formatBytes, formatCores, parseQuantity, quantityValue } from './quantity.js';

describe('quantities', () => {
  it('reads Kubernetes quantities in base units', () => {
    expect(quantityValue('16310840Ki')).toBe(16310840 * 1024);
    expect(quantityValue('250m')).toBe(0.25);
    expect(quantityValue('1e3')).toBe(1000);
    expect(quantityValue('-1')).toBeUndefined();
    expect(parseQuantity(undefined)).toBe(0);
  });

  it('formats bytes and cores for people', () => {
    expect(formatBytes(16310840 * 1024)).toBe('15.6 GiB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1024 ** 3)).toBe('1 GiB');
    expect(formatCores(0.30000000000000004)).toBe('0.3');
    expect(formatCores(12)).toBe('12');
  });
});
