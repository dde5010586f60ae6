import { admins, endpoint, json, raw } from '../endpoint.js';
import { auditExportQuery, auditPageSchema, auditQuery } from '../schemas/audit.js';

const auditReaders = {
  allow: admins,
  note: 'Organization admins see calls in the organizations they administer.',
};

export const auditEndpoints = {
  listAuditRecords: endpoint({
    method: 'GET',
    path: '/audit.{host}/records',
    access: auditReaders,
    summary: 'Audit records',
    tag: 'audit',
    query: auditQuery,
    response: json(auditPageSchema),
  }),
  exportAuditRecords: endpoint({
    method: 'GET',
    path: '/audit.{host}/records/export',
    access: auditReaders,
    summary: 'Export audit records (CSV or JSON lines)',
    tag: 'audit',
    query: auditExportQuery,
    response: raw(
      'text/csv, application/x-ndjson',
      'Every matching record the caller may read, newest first, streamed as an attachment: CSV (RFC 4180, header row; cells a spreadsheet would run as formulas start with an apostrophe) or JSON lines. The record shape is the list’s item.',
    ),
  }),
} as const;
