import type { CrdReader } from '../access/caller-scope.js';
import type { IndexStore } from '../index/store.js';
import type { MemberAccess } from './member-access.js';

/** What the routes that reach member clusters for a user need. */
export interface MemberRouteDeps {
  store: CrdReader;
  members: MemberAccess;
  index: IndexStore;
}
