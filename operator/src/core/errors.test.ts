import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operatorPackageDir } from '../paths.js';
import { errors, success } from './errors.js';

const catalogue = [success, ...Object.values(errors)];

describe('error catalogue', () => {
  it('has unique codes', () => {
    const codes = catalogue.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps the codes fixed by the SPEC', () => {
    expect(success.code).toBe(0);
    expect(errors.tokenInvalid.code).toBe(9998);
    expect(errors.noPermission).toMatchObject({
      code: 9997,
      message: 'no operation permission, contact the administrator',
    });
  });

  it('uses error HTTP statuses for every error', () => {
    for (const entry of Object.values(errors)) expect(entry.status).toBeGreaterThanOrEqual(400);
  });

  it('is documented row by row in docs/api.md', () => {
    const doc = readFileSync(resolve(operatorPackageDir, '..', 'docs', 'api.md'), 'utf8');
    for (const entry of catalogue) {
      expect(doc).toContain(`| ${entry.code} | ${entry.status} | ${entry.message} |`);
    }
  });
});
