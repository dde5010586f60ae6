import { describe, expect, it } from 'vitest';
import { isQuantity, quantityValue } from './quantity';

describe('quantities', () => {
  it('accepts CPU in cores or millicores and memory with binary or decimal suffixes', () => {
    for (const text of ['500m', '2', '0.5', '.25']) expect(isQuantity('cpu', text)).toBe(true);
    for (const text of ['512Mi', '1Gi', '1000000', '2G', '1.5Gi'])
      expect(isQuantity('memory', text)).toBe(true);
  });

  it('refuses text that is not a quantity of that resource', () => {
    for (const text of ['', 'abc', '1Gi', '-1', '5 m', '2cores'])
      expect(isQuantity('cpu', text)).toBe(false);
    for (const text of ['', '1GB', '512mi', 'Mi', '-1Gi', '1 Gi'])
      expect(isQuantity('memory', text)).toBe(false);
  });

  it('compares quantities in base units', () => {
    expect(quantityValue('cpu', '500m')).toBe(0.5);
    expect(quantityValue('cpu', '2')).toBe(2);
    expect(quantityValue('memory', '1Gi')).toBe(1024 ** 3);
    expect(quantityValue('memory', '512Mi')).toBe(512 * 1024 ** 2);
    expect(quantityValue('memory', '1G')).toBe(1e9);
    expect(quantityValue('memory', 'x')).toBeUndefined();
  });
});
