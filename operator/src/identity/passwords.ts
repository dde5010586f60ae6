import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConcurrencyLimiter } from './limiter.js';

/** OWASP Password Storage Cheat Sheet, argon2id option 1 without pepper. */
export const argon2Parameters = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const saltBytes = 16;
const tagBytes = 32;
const argon2Version = 19;

// A stored hash chooses its own cost; refuse values that would let a tampered Secret exhaust memory.
const maxMemoryKiB = 65_536;
const maxPasses = 10;

interface Argon2Hash {
  memory: number;
  passes: number;
  parallelism: number;
  salt: Buffer;
  tag: Buffer;
}

function derive(
  password: string,
  hash: Omit<Argon2Hash, 'tag'>,
  tagLength: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2(
      'argon2id',
      {
        message: password,
        nonce: hash.salt,
        memory: hash.memory,
        passes: hash.passes,
        parallelism: hash.parallelism,
        tagLength,
      },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const b64 = (buffer: Buffer): string => buffer.toString('base64').replace(/=+$/, '');

/** PHC string format: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash> (unpadded base64). */
export function encodeHash(hash: Argon2Hash): string {
  const params = `m=${hash.memory},t=${hash.passes},p=${hash.parallelism}`;
  return `$argon2id$v=${argon2Version}$${params}$${b64(hash.salt)}$${b64(hash.tag)}`;
}

const phcPattern =
  /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export function decodeHash(encoded: string): Argon2Hash | undefined {
  const match = phcPattern.exec(encoded);
  if (!match) return undefined;
  const [, m, t, p, salt, tag] = match;
  const hash = {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt ?? '', 'base64'),
    tag: Buffer.from(tag ?? '', 'base64'),
  };
  const sane =
    hash.memory >= 8 * hash.parallelism &&
    hash.memory <= maxMemoryKiB &&
    hash.passes >= 1 &&
    hash.passes <= maxPasses &&
    hash.parallelism === 1 &&
    hash.salt.length >= 8 &&
    hash.tag.length >= 16;
  return sane ? hash : undefined;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; false for a malformed stored hash. */
  verify(password: string, encoded: string): Promise<boolean>;
  /** Spends the same effort as verify for an unknown user, so timing does not reveal names. */
  verifyNothing(password: string): Promise<false>;
}

export interface PasswordHasherOptions {
  /** Each argon2id hash holds ~19 MiB; this bounds memory under a login flood. */
  maxConcurrent?: number;
  maxQueued?: number;
}

export function createPasswordHasher(options: PasswordHasherOptions = {}): PasswordHasher {
  const limiter = new ConcurrencyLimiter(options.maxConcurrent ?? 2, options.maxQueued ?? 32);
  const dummy = { ...argon2Parameters, salt: randomBytes(saltBytes) };

  return {
    hash: (password) =>
      limiter.run(async () => {
        const params = { ...argon2Parameters, salt: randomBytes(saltBytes) };
        return encodeHash({ ...params, tag: await derive(password, params, tagBytes) });
      }),
    verify: async (password, encoded) => {
      const stored = decodeHash(encoded);
      if (!stored) return false;
      const tag = await limiter.run(() => derive(password, stored, stored.tag.length));
      return timingSafeEqual(tag, stored.tag);
    },
    verifyNothing: async (password) => {
      await limiter.run(() => derive(password, dummy, tagBytes));
      return false;
    },
  };
}
