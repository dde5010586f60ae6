import { describe, expect, it } from 'vitest';
import { helmTimeToIso } from './helm-time.js';

describe('helmTimeToIso', () => {
  it("reads helm list's Go time text, with its zone", () => {
    expect(helmTimeToIso('2026-12-02 10:26:35.123456789 +0000 UTC')).toBe(
      '2026-12-02T10:26:35.123Z',
    );
    expect(helmTimeToIso('2026-12-02 19:26:35.5 +0900 JST')).toBe('2026-12-02T10:26:35.500Z');
    expect(helmTimeToIso('2026-12-02 10:26:35 -0130 X')).toBe('2026-12-02T11:56:35.000Z');
  });

  it("reads helm history's RFC 3339", () => {
    expect(helmTimeToIso('2026-12-02T10:26:35.123456789Z')).toBe('2026-12-02T10:26:35.123Z');
  });

  it('keeps what it cannot read as given', () => {
    expect(helmTimeToIso('yesterday')).toBe('yesterday');
  });
});
