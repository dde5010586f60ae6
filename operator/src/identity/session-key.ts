import { hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ApiError, errors } from '../core/errors.js';
import type { SecretStore } from '../hub/secrets.js';
import type { SessionKeySource } from '../config.js';
import type { Logger } from '../logger.js';

export const minSessionKeyBytes = 32;

/**
 * The key that seals a single sign-on in progress into the browser's cookie
 * (sso/pending-sign-in.ts), derived from the session key so nothing new has to be generated or
 * kept.
 */
export function flowKey(sessionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionKey, '', 'nimbus single sign-on flow', 32));
}

/**
 * The key that seals the index lists' cursors (index/sealed-cursor.ts), derived from the session
 * key so that every replica, which reads the same key, continues another's pages.
 */
export function cursorKey(sessionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionKey, '', 'nimbus index cursor', 32));
}

/** A key or Secret that is wrong, not a hub that is not answering: retrying cannot help. */
export class SessionKeyError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'SessionKeyError';
  }
}

/** Surrounding whitespace (a trailing newline) is not key material. */
function checkedKey(content: string, where: string): Buffer {
  const key = Buffer.from(content.trim(), 'utf8');
  if (key.length < minSessionKeyBytes) {
    throw new SessionKeyError(
      `the session key in ${where} is ${key.length} bytes; at least ${minSessionKeyBytes} are required`,
    );
  }
  return key;
}

/**
 * Reads the session signing key from a file. There is no default: hack/operator.sh generates one
 * for local runs; in the cluster the operator keeps it in a Secret (ensureSessionKeySecret).
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
  return checkedKey(content.toString('utf8'), path);
}

/** 48 random bytes are exactly 64 base64url characters, the length the old chart generated. */
export const generateSessionKey = (): string => randomBytes(48).toString('base64url');

export const sessionKeyLabels = { 'nimbus.io/purpose': 'session-key' };

/**
 * The session key from Secret `name` in the operator's namespace, created with a fresh random key
 * when absent. Replicas starting together race on the create: the API server lets exactly one
 * win, and the others read the winner's key, so every replica signs with the same key. The Secret
 * has no owner, so it outlives the release (sessions survive a reinstall). A Secret that exists
 * without the data key is someone else's and is never overwritten. The key is never logged.
 */
export async function ensureSessionKeySecret(
  secrets: SecretStore,
  source: { name: string; key: string },
  logger: Logger,
  generate: () => string = generateSessionKey,
): Promise<Buffer> {
  const where = `Secret ${source.name} (key ${source.key})`;
  const read = async (): Promise<Buffer | undefined> => {
    const secret = await secrets.get(source.name);
    if (!secret) return undefined;
    const value = secret.data[source.key];
    if (value === undefined) {
      throw new SessionKeyError(`${where} exists but has no key ${source.key}`);
    }
    return checkedKey(value, where);
  };
  const existing = await read();
  if (existing) {
    logger.info({ secretName: source.name }, 'session signing key read from its Secret');
    return existing;
  }
  try {
    const created = await secrets.create({
      name: source.name,
      data: { [source.key]: generate() },
      labels: sessionKeyLabels,
    });
    logger.info({ secretName: source.name }, 'session signing key generated into a new Secret');
    return checkedKey(created.data[source.key] ?? '', where);
  } catch (error) {
    if (!(error instanceof ApiError && error.entry === errors.conflict)) throw error;
  }
  // Another replica created it between our read and our create.
  const winner = await read();
  if (!winner) throw new SessionKeyError(`${where} was created and deleted again`, true);
  logger.info(
    { secretName: source.name },
    'session signing key read from the Secret another replica created',
  );
  return winner;
}

export interface LoadSessionKeyOptions {
  /** Secrets of the operator's namespace; needed for a Secret source. */
  secrets: SecretStore | undefined;
  logger: Logger;
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The key from its configured source. A hub that does not answer yet is retried a few times
 * (a pod can start before its network is ready); then the error ends the start-up and
 * Kubernetes restarts the pod. A wrong key or a foreign Secret is not retried.
 */
export async function loadSessionKey(
  source: SessionKeySource,
  options: LoadSessionKeyOptions,
): Promise<Buffer> {
  if (source.kind === 'file') return readSessionKey(source.path);
  const { secrets, logger } = options;
  if (!secrets) {
    throw new SessionKeyError(
      `the session key lives in Secret ${source.name} of the hub, but no hub is configured; set KUBECONFIG or NIMBUS_SESSION_KEY_FILE`,
    );
  }
  const attempts = options.attempts ?? 10;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await ensureSessionKeySecret(secrets, source, logger);
    } catch (error) {
      if (error instanceof SessionKeyError && !error.retryable) throw error;
      if (attempt >= attempts) throw error;
      logger.warn(
        { err: error, attempt, secretName: source.name },
        'session key Secret not ready; retrying',
      );
      await sleep(Math.min(attempt, 5) * 1000);
    }
  }
}
