import { invalid } from '../../core/problems.js';

/** A quota or limit range body may name its namespace only as the one in the path. */
export function assertPathNamespace(
  body: { metadata: { namespace?: string | undefined } },
  namespace: string,
): void {
  const named = body.metadata.namespace;
  if (named !== undefined && named !== namespace) {
    throw invalid('metadata.namespace', `must be ${namespace}, the namespace in the path`);
  }
}
