import type { ResponseFor } from '@nimbus/api';

type TagItem = ResponseFor<'listRepositoryTags'>['items'][number];

/** One row of the tags table: a tag, or an image no tag names (known by its digest alone). */
export interface TagRow {
  key: string;
  tag: string | undefined;
  digest: string | undefined;
  pushedAt: string | undefined;
  /** What `docker pull` takes: host/repository:tag, or host/repository@digest when untagged. */
  reference: string | undefined;
}

/**
 * The registry answers an item per image (digest) with every tag naming it; the table shows a
 * row per tag, so that each tag's reference can be copied.
 */
export function tagRows(host: string, repository: string, items: readonly TagItem[]): TagRow[] {
  return items.flatMap((item, index): TagRow[] => {
    const common = { digest: item.digest, pushedAt: item.imagePushedAt };
    if (item.imageTags.length === 0) {
      return [
        {
          ...common,
          key: item.digest ?? `untagged-${String(index)}`,
          tag: undefined,
          reference: item.digest && `${host}/${repository}@${item.digest}`,
        },
      ];
    }
    return item.imageTags.map((tag) => ({
      ...common,
      key: `${tag}@${item.digest ?? String(index)}`,
      tag,
      reference: `${host}/${repository}:${tag}`,
    }));
  });
}

/** sha256:0123456789abcdef… as its first twelve hex digits, as docker shows image ids. */
export const shortDigest = (digest: string): string =>
  digest.replace(/^[a-z0-9]+:/, '').slice(0, 12);
