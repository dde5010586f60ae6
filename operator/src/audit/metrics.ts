import type { Registry } from 'prom-client';
import { Counter } from 'prom-client';

/** The audit trail's counters on /metrics (docs/audit.md). */
export function auditCounters(registry: Registry | undefined) {
  const registers = registry ? [registry] : [];
  const counter = (name: string, help: string) => new Counter({ name, help, registers });
  return {
    written: counter(
      'nimbus_audit_records_written_total',
      'Audit records written to this replica’s store.',
    ),
    dropped: counter(
      'nimbus_audit_records_dropped_total',
      'Audit records dropped because the write queue was full (oldest first).',
    ),
    writeErrors: counter(
      'nimbus_audit_write_errors_total',
      'Failed attempts to write a batch of audit records (the batch is retried).',
    ),
    webhookDelivered: counter(
      'nimbus_audit_webhook_delivered_total',
      'Audit records the webhook sink delivered.',
    ),
    webhookDropped: counter(
      'nimbus_audit_webhook_dropped_total',
      'Audit records the webhook sink gave up on (queue full or every attempt failed).',
    ),
  };
}
