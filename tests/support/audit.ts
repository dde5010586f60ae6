import { auditRecordViewSchema, type AuditRecordView } from '@nimbus/api';
import { api } from './api.js';
import { expectOk } from './iam.js';

/** The audit records `token`'s user may see that match `query`, each checked against the contract. */
export async function auditRecordsSeenBy(token: string, query: string): Promise<AuditRecordView[]> {
  const answer = await api<{ items: unknown[] }>('GET', 'audit', `/records?pageSize=100&${query}`, {
    token,
  });
  return expectOk(answer).items.map((item) => auditRecordViewSchema.parse(item));
}
