import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { portOrNameRule } from './formRules';

const t = ((key: string) => key) as unknown as TFunction;

/** Whether the rule accepts `value` (its validator resolves). */
async function accepts(value: string): Promise<boolean> {
  const rule = portOrNameRule(t);
  if (typeof rule === 'function' || !rule.validator) throw new Error('expected a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return true;
  } catch {
    return false;
  }
}

describe('target port rule', () => {
  it('takes a port number or a container port name as the server does', async () => {
    expect(await accepts('8080')).toBe(true);
    expect(await accepts(' http ')).toBe(true);
    expect(await accepts('')).toBe(true);
    expect(await accepts('web-metrics-123')).toBe(true);
    // IANA service names: at most 15 characters, lowercase, no leading or trailing hyphen.
    expect(await accepts('web-metrics-1234')).toBe(false);
    expect(await accepts('Http')).toBe(false);
    expect(await accepts('-http')).toBe(false);
  });
});
