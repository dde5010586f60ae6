// The watch loops' sink with the change feed behind it: every write the loops make to the index
// is told to the feed once it is in the index, so a reader refetching on a notice sees it.
import type { ChangeFeed, IndexNotice } from './change-feed.js';
import type { BodyChunks } from './list-page.js';
import type { IndexChange, RelistWriter } from './store.js';
import type { IndexSink } from './watch-loop.js';

function noticeOf(cluster: string, kind: string, change: IndexChange): IndexNotice {
  const named =
    change.type === 'delete'
      ? { namespace: change.namespace, name: change.name }
      : (change.object.metadata ?? {});
  return {
    cluster,
    kind,
    namespace: named.namespace ?? '',
    name: named.name ?? '',
    type: change.type,
  };
}

/** A relist's pages and removals are told as one notice per kind: read the list again. */
function relistNotice(cluster: string, kind: string): IndexNotice {
  return { cluster, kind, namespace: '', name: '', type: 'relist' };
}

export function publishingSink(sink: IndexSink, feed: Pick<ChangeFeed, 'publish'>): IndexSink {
  return {
    async apply(cluster, kind, changes) {
      await sink.apply(cluster, kind, changes);
      feed.publish(changes.map((change) => noticeOf(cluster, kind, change)));
    },
    beginRelist(cluster, kind): RelistWriter {
      const relist = sink.beginRelist(cluster, kind);
      const tell = () => feed.publish([relistNotice(cluster, kind)]);
      const addChunks = relist.addChunks?.bind(relist);
      return {
        add: async (objects) => {
          await relist.add(objects);
          if (objects.length > 0) tell();
        },
        ...(addChunks
          ? {
              addChunks: async (chunks: BodyChunks) => {
                const objects = await addChunks(chunks);
                if (objects > 0) tell();
                return objects;
              },
            }
          : {}),
        finish: async () => {
          await relist.finish();
          tell();
        },
        abandon: () => relist.abandon(),
      };
    },
  };
}
