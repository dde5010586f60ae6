import { admins, endpoint, json } from '../endpoint.js';
import { auditPageSchema, auditQuery } from '../schemas/audit.js';

export const auditEndpoints = {
  listAuditRecords: endpoint({
    method: 'GET',
    path: '/audit.{host}/records',
    access: {
      allow: admins,
      note: 'Organization admins see calls in the organizations they administer.',
    },
    summary: 'Audit records',
    tag: 'audit',
    query: auditQuery,
    response: json(auditPageSchema),
  }),
} as const;
