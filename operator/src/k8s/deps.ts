import type { CrdReader } from '../access/caller-scope.js';
import type { IndexReader } from '../index/reader.js';
import type { MemberAccess } from './member-access.js';

/** What the routes that reach member clusters for a user need. */
export interface MemberRouteDeps {
  store: CrdReader;
  members: MemberAccess;
  index: IndexReader;
}
