import { readFileSync } from 'node:fs';

export const minSessionKeyBytes = 32;

export class SessionKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionKeyError';
  }
}

/**
 * Reads the session signing key. There is no default: the Helm chart generates one at install,
 * hack/operator.sh for local runs. Surrounding whitespace (a trailing newline) is not key material.
 */
export function readSessionKey(
  path: string,
  read: (path: string) => Buffer = readFileSync,
): Buffer {
  let content: Buffer;
  try {
    content = read(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SessionKeyError(
      `cannot read the session key file NIMBUS_SESSION_KEY_FILE: ${reason}`,
    );
  }
  const key = Buffer.from(content.toString('utf8').trim(), 'utf8');
  if (key.length < minSessionKeyBytes) {
    throw new SessionKeyError(
      `the session key in ${path} is ${key.length} bytes; at least ${minSessionKeyBytes} are required`,
    );
  }
  return key;
}
