// Which calls change nothing although they are writes by method: the audit files them under
// "checks" rather than "changes" (docs/audit.md "Presets").
import { endpoints } from '@nimbus/api';

const changesNothing = new Set(
  Object.entries(endpoints)
    .filter(([, declared]) => 'changesNothing' in declared && declared.changesNothing === true)
    .map(([id]) => id),
);

/**
 * A connection test or discovery (the contract says it changes nothing), or a dry run: a body
 * with `dryRun: true` (YAML import's "check only").
 */
export function isCheck(operation: string | undefined, body: unknown): boolean {
  if (operation !== undefined && changesNothing.has(operation)) return true;
  return (
    typeof body === 'object' && body !== null && (body as { dryRun?: unknown }).dryRun === true
  );
}
