import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Text sealed for a round trip through a client (AES-256-GCM): the client can neither read it
 * nor change it unnoticed, and every replica that holds the key can open it. The form is
 * `iv.tag.body`, each part base64url, safe in a cookie and a query string alike.
 */
export function sealText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The sealed text, or undefined when it was not sealed with this key or was altered. */
export function openText(key: Buffer, sealed: string): string | undefined {
  const parts = sealed.split('.');
  if (parts.length !== 3) return undefined;
  const [iv, tag, body] = parts.map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
