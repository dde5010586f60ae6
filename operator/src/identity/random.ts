import { randomBytes } from 'node:crypto';

export const upperAlphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const alphanumerics = `abcdefghijklmnopqrstuvwxyz${upperAlphanumerics}`;

/** Uniformly random characters of `alphabet` (rejection sampling avoids modulo bias). */
export function randomString(length: number, alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}
