// An alarm rule is evaluated with its author's rights: the query the leader sends is bounded to
// the series its author may read on the rule's cluster now (monitoring/promql-bound.ts), so a
// rule never shows its receivers more than its author may see, and loses what the author loses.
import type { CrdReader } from '../access/caller-scope.js';
import type { AlarmRuleObject } from '../hub/store.js';
import { membershipsOf } from '../identity/build-identity.js';
import { seriesBoundOf } from '../monitoring/bounded-prometheus.js';
import { PromqlBoundError, boundQuery } from '../monitoring/promql-bound.js';

export type AuthoredQuery =
  | { ok: true; query: string }
  | { ok: false; reason: 'AuthorNotFound' | 'NothingVisible' | 'InvalidQuery'; message: string };

/** The rule's query bounded to its author's rights on `cluster`, or why it is not evaluated. */
export async function authoredQuery(
  store: CrdReader,
  rule: Pick<AlarmRuleObject, 'spec'>,
  cluster: string,
): Promise<AuthoredQuery> {
  const author = rule.spec.author;
  const user = author === undefined ? undefined : await store.users.fetch(author);
  if (!user) {
    return {
      ok: false,
      reason: 'AuthorNotFound',
      message:
        author === undefined
          ? 'the rule names no author whose rights would bound its query; save it again through the console or name spec.author'
          : `the rule's author ${author} no longer exists; save it again as a user who may read its series`,
    };
  }
  const grantee = {
    userName: user.metadata.name,
    sysAdmin: user.spec.sysAdmin === true,
    organizations: membershipsOf(store, user),
  };
  try {
    const bound = await seriesBoundOf(store, grantee, cluster);
    return { ok: true, query: boundQuery(rule.spec.metric, bound) };
  } catch (error) {
    if (!(error instanceof PromqlBoundError)) throw error;
    return error.failure === 'nothing-visible'
      ? {
          ok: false,
          reason: 'NothingVisible',
          message: `the author ${user.metadata.name} may read no series of cluster ${cluster}`,
        }
      : { ok: false, reason: 'InvalidQuery', message: error.message };
  }
}
