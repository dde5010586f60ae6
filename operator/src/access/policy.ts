import { endpoints } from '@nimbus/api';
import type { Allow, Method, RequiredPermission, Scope, Target } from '@nimbus/api';

export type { Allow, Method, Scope, Target };

export interface PolicyEntry {
  /** The contract's operation id (`installRelease`): what the audit names the call by. */
  id?: string;
  method: Method;
  /** Express pattern below /api/v1, with {host} for the product domain. */
  path: string;
  allow: Allow;
  scope?: Scope;
  target?: Target;
  /** The role-catalogue permission the call needs (checked by permission-gate.ts or the handler). */
  permission?: RequiredPermission;
  summary: string;
}

/**
 * Every /api endpoint of the operator with its access rule, read from the contract's
 * declarations (api/src/endpoints). Anything not listed here is refused (9997).
 */
export const policyTable: readonly PolicyEntry[] = Object.entries(endpoints).map(
  ([id, declared]) => ({
    id,
    method: declared.method,
    path: declared.path,
    allow: declared.access.allow,
    summary: declared.access.note
      ? `${declared.summary}. ${declared.access.note}`
      : declared.summary,
    ...(declared.access.scope ? { scope: declared.access.scope } : {}),
    ...(declared.access.target ? { target: declared.access.target } : {}),
    ...(declared.access.permission ? { permission: declared.access.permission } : {}),
  }),
);
