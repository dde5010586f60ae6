import { describe, expect, it } from 'vitest';
import { censor, sensitiveFields, sensitiveHeaders } from './logger.js';
import { ApiError, errors } from './core/errors.js';
import { captureLogs } from './testing/logs.js';

const secret = 'S3cr3t-value-that-must-not-leak';

describe('log redaction', () => {
  it.each(sensitiveFields)('censors a field named %s at any logged depth', (field) => {
    const logs = captureLogs();
    logs.logger.info({ [field]: secret, body: { [field]: secret, user: { [field]: secret } } });
    expect(logs.text()).not.toContain(secret);
    expect(logs.text()).toContain(censor);
  });

  it.each(sensitiveHeaders)('censors the %s header of logged requests', (header) => {
    const logs = captureLogs();
    logs.logger.info({ req: { headers: { [header]: secret } }, headers: { [header]: secret } });
    expect(logs.text()).not.toContain(secret);
  });

  it('keeps ordinary fields readable', () => {
    const logs = captureLogs();
    logs.logger.info({ user: 'alice', count: 3 }, 'hello');
    expect(logs.entries()[0]).toMatchObject({
      user: 'alice',
      count: 3,
      msg: 'hello',
      level: 'info',
    });
  });

  it('logs a frozen error (and a frozen cause) instead of throwing', () => {
    const logs = captureLogs();
    const cause = Object.freeze(new RangeError('inner'));
    const error = Object.freeze(new TypeError('outer', { cause }));
    expect(() => logs.logger.warn({ err: error }, 'failed')).not.toThrow();
    const [line] = logs.entries();
    expect(line).toMatchObject({ err: { type: 'TypeError', message: 'outer: inner' } });
  });

  it('logs an error whose field is a frozen error-like object (an ApiError and its catalogue entry)', () => {
    const logs = captureLogs();
    const error = new ApiError(errors.hubUnavailable);
    expect(() => logs.logger.warn({ err: error }, 'failed')).not.toThrow();
    const [line] = logs.entries();
    expect(line).toMatchObject({
      err: { type: 'ApiError', entry: { code: errors.hubUnavailable.code } },
    });
  });

  it('logs an error that keeps a frozen error in a field, or a sealed one as its cause', () => {
    const logs = captureLogs();
    const kept = Object.freeze(new Error('kept'));
    const error = Object.assign(new Error('outer', { cause: Object.seal(new Error('sealed')) }), {
      previous: kept,
      nested: { deeper: Object.freeze({ message: 'frozen error-like' }) },
    });
    expect(() => logs.logger.warn({ err: error }, 'failed')).not.toThrow();
    expect(logs.entries()[0]).toMatchObject({
      err: { message: 'outer: sealed', previous: { message: 'kept' } },
    });
    expect(Object.isFrozen(kept)).toBe(true);
  });

  it('logs an error with a cycle through its fields', () => {
    const logs = captureLogs();
    const error = new Error('loop') as Error & { self?: unknown };
    error.self = error;
    expect(() => logs.logger.warn({ err: error }, 'failed')).not.toThrow();
    expect(logs.entries()[0]).toMatchObject({ err: { message: 'loop' } });
  });

  it('logs a DOMException, whose message and name are getters of its prototype', () => {
    const logs = captureLogs();
    const error = new DOMException('The operation was aborted.', 'AbortError');
    expect(() => logs.logger.warn({ err: error }, 'failed')).not.toThrow();
    expect(logs.entries()[0]).toMatchObject({
      err: { message: 'The operation was aborted.', name: 'AbortError' },
    });
  });
});
