import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditPolicy } from '../audit/policy.js';
import type { AuditRecord } from '../audit/record.js';

/** Records every call with its body: for tests about what a record holds, not which are kept. */
export const recordEverything: AuditPolicy = { rules: [{ level: 'Request' }] };

/** A fresh data directory for one test; remove() deletes it. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-audit-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

let sequence = 0;

/** A plausible record; tests override what they assert on. The uid defaults to `uid-<name>`. */
export function sampleRecord(overrides: Partial<AuditRecord> = {}): AuditRecord {
  sequence += 1;
  return {
    id: `rec-${String(sequence).padStart(6, '0')}`,
    userName: 'alice',
    organization: null,
    resource: 'iam/users',
    method: 'GET',
    requestTime: Date.UTC(2030, 0, 1) + sequence * 1000,
    uri: '/api/v1/iam.nimbus.io/users/alice',
    httpStatus: 200,
    code: 0,
    message: 'success',
    handleTimeMs: 3,
    requestHeader: { 'user-agent': 'vitest' },
    requestBody: '',
    responseBody: '',
    level: 'Request',
    cluster: null,
    namespace: null,
    kind: null,
    name: null,
    operation: null,
    category: null,
    ...overrides,
    organizationUid:
      overrides.organizationUid !== undefined
        ? overrides.organizationUid
        : overrides.organization
          ? `uid-${overrides.organization}`
          : null,
  };
}
