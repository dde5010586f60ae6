import { describe, expect, it } from 'vitest';
import { checkTotp, newTotpSecret, totpCode, totpPeriodSeconds, totpUri } from './totp.js';

// Middle of a time step, so ±30 s lands in the neighbouring steps.
const now = Math.floor(1_795_291_800 / totpPeriodSeconds) * totpPeriodSeconds + 15;

describe('TOTP', () => {
  const secret = newTotpSecret();

  it('generates secrets of at least 160 bits and an otpauth URL', () => {
    // Base32 carries 5 bits per character.
    expect(secret.replace(/=+$/, '').length * 5).toBeGreaterThanOrEqual(160);
    expect(totpUri(secret, 'alice')).toMatch(
      /^otpauth:\/\/totp\/Nimbus:alice\?secret=[A-Z2-7]+&issuer=Nimbus$/,
    );
  });

  it('accepts the current code and one step of drift either way, nothing further', async () => {
    const step = Math.floor(now / totpPeriodSeconds);
    const at = async (offset: number) =>
      checkTotp({
        secret,
        code: await totpCode(secret, now + offset),
        lastStep: undefined,
        epochSeconds: now,
      });
    expect(await at(0)).toBe(step);
    expect(await at(-totpPeriodSeconds)).toBe(step - 1);
    expect(await at(totpPeriodSeconds)).toBe(step + 1);
    expect(await at(-2 * totpPeriodSeconds)).toBeUndefined();
    expect(await at(2 * totpPeriodSeconds)).toBeUndefined();
  });

  it('never accepts a code twice, nor an older one after a newer was used', async () => {
    const code = await totpCode(secret, now);
    const step = await checkTotp({ secret, code, lastStep: undefined, epochSeconds: now });
    expect(step).toBeDefined();
    expect(await checkTotp({ secret, code, lastStep: step, epochSeconds: now })).toBeUndefined();
    const previous = await totpCode(secret, now - totpPeriodSeconds);
    expect(
      await checkTotp({ secret, code: previous, lastStep: step, epochSeconds: now }),
    ).toBeUndefined();
  });

  it('refuses codes that are not six digits', async () => {
    expect(
      await checkTotp({ secret, code: '12345', lastStep: undefined, epochSeconds: now }),
    ).toBeUndefined();
    expect(
      await checkTotp({ secret, code: 'abcdef', lastStep: undefined, epochSeconds: now }),
    ).toBeUndefined();
  });
});
