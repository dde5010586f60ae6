import type { KindDefinition } from '../crds/kind.js';
import type { KindStore } from '../hub/types.js';

/**
 * Runs `act` while the cache still answers `name` as it was before `write` landed, as when the
 * health controller's status write reaches the hub before the watch brings it to the cache: a
 * write guarded by the cached resourceVersion then conflicts.
 */
export async function withCacheBehind<K extends KindDefinition, T>(
  store: KindStore<K>,
  name: string,
  write: () => Promise<unknown>,
  act: () => Promise<T>,
): Promise<T> {
  const seenByCache = structuredClone(store.get(name));
  await write();
  const { get, fetch, list } = store;
  store.get = (wanted) => (wanted === name ? seenByCache : get(wanted));
  store.fetch = async (wanted) => (wanted === name ? seenByCache : fetch(wanted));
  store.list = (filter = () => true) =>
    list()
      .flatMap((object) => {
        if (object.metadata.name !== name) return [object];
        return seenByCache ? [seenByCache] : [];
      })
      .filter(filter);
  try {
    return await act();
  } finally {
    store.get = get;
    store.fetch = fetch;
    store.list = list;
  }
}
