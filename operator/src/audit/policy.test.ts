import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PolicyCall } from './policy.js';
import {
  AuditPolicyError,
  defaultAuditPolicy,
  levelFor,
  loadAuditPolicy,
  outcomeOf,
  parseAuditPolicy,
} from './policy.js';

const call = (overrides: Partial<PolicyCall> = {}): PolicyCall => ({
  service: 'iam',
  resource: 'iam/users',
  method: 'GET',
  outcome: 'success',
  stream: false,
  userName: 'alice',
  ...overrides,
});

describe('outcomeOf', () => {
  it('tells successes, refusals and failures apart', () => {
    expect(outcomeOf(200, 0)).toBe('success');
    expect(outcomeOf(101, 0)).toBe('success');
    expect(outcomeOf(204, null)).toBe('success');
    expect(outcomeOf(401, 9998)).toBe('refused');
    expect(outcomeOf(403, 9997)).toBe('refused');
    expect(outcomeOf(200, 9997)).toBe('refused');
    expect(outcomeOf(403, null)).toBe('refused');
    expect(outcomeOf(200, 1001)).toBe('failed');
    expect(outcomeOf(499, null)).toBe('failed');
    expect(outcomeOf(500, 1)).toBe('failed');
  });
});

describe('the default policy', () => {
  const level = (overrides: Partial<PolicyCall>) => levelFor(defaultAuditPolicy, call(overrides));

  it('records no successful read: the console’s page loads', () => {
    for (const resource of [
      'system/configs',
      'iam/users',
      'iam/organizations',
      'favourites/items',
    ]) {
      expect(level({ resource, service: resource.split('/')[0] })).toBe('None');
    }
  });

  it('records every change with its body, whatever the outcome', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(level({ method })).toBe('Request');
      expect(level({ method, outcome: 'refused' })).toBe('Request');
    }
  });

  it('records sign-ins, refusals, failed reads and shells without a body', () => {
    expect(level({ service: 'auth', resource: 'auth/login', method: 'POST' })).toBe('Metadata');
    expect(
      level({ service: 'auth', resource: 'auth/login', outcome: 'failed', method: 'POST' }),
    ).toBe('Metadata');
    expect(level({ outcome: 'refused' })).toBe('Metadata');
    expect(level({ outcome: 'failed' })).toBe('Metadata');
    expect(level({ stream: true, service: 'k8s', resource: 'k8s/vendors' })).toBe('Metadata');
  });
});

describe('a configured policy', () => {
  const policy = parseAuditPolicy(
    `
rules:
  - level: None
    users: [monitor-bot]
  - level: RequestResponse
    resources: [iam]
    methods: [put]
  - level: Metadata
    services: [k8s, crd]
  - level: Request
    resources: [manage/clusters]
`,
    'test',
  );

  it('takes the first rule that matches; a resource pattern covers what is below it', () => {
    expect(levelFor(policy, call({ method: 'PUT', userName: 'monitor-bot' }))).toBe('None');
    expect(levelFor(policy, call({ method: 'PUT' }))).toBe('RequestResponse');
    expect(levelFor(policy, call({ method: 'PUT', resource: 'iamx/users' }))).toBe('None');
    expect(levelFor(policy, call({ service: 'crd', resource: 'crd/vendors' }))).toBe('Metadata');
    expect(levelFor(policy, call({ service: 'manage', resource: 'manage/clusters' }))).toBe(
      'Request',
    );
  });

  it('records nothing a rule does not match', () => {
    expect(levelFor(policy, call({ service: 'system', resource: 'system/configs' }))).toBe('None');
  });
});

describe('loading a policy', () => {
  it('is the default without a file', () => {
    expect(loadAuditPolicy(undefined)).toBe(defaultAuditPolicy);
  });

  it('reads JSON or YAML from the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-policy-'));
    try {
      const file = join(dir, 'policy.json');
      writeFileSync(file, JSON.stringify({ rules: [{ level: 'Metadata' }] }));
      expect(loadAuditPolicy(file).rules).toEqual([{ level: 'Metadata' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown level, field or method with the path of each problem', () => {
    const bad = `rules:\n  - level: Everything\n  - level: None\n    verbs: [get]\n  - level: Request\n    methods: [FETCH]\n`;
    const error = (() => {
      try {
        parseAuditPolicy(bad, '/etc/nimbus/audit/policy.yaml');
      } catch (caught) {
        return caught;
      }
      throw new Error('accepted');
    })();
    expect(error).toBeInstanceOf(AuditPolicyError);
    const message = (error as Error).message;
    expect(message).toContain('/etc/nimbus/audit/policy.yaml');
    expect(message).toContain('rules.0.level');
    expect(message).toContain('rules.1');
    expect(message).toContain('verbs');
    expect(message).toContain('rules.2.methods.0');
  });

  it('refuses a file that is not there, or no rules', () => {
    expect(() => loadAuditPolicy('/nonexistent/policy.yaml')).toThrow(AuditPolicyError);
    expect(() => parseAuditPolicy('rules: []', 'x')).toThrow(/rules/);
    expect(() => parseAuditPolicy(': :', 'x')).toThrow(AuditPolicyError);
  });
});
