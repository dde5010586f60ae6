import type { OciClient } from './oci-distribution.js';

/** Tags read in one call at most: each costs a manifest read (and one config read per image). */
export const maxTagsRead = 100;

interface TagItem {
  imageTags: string[];
  imagePushedAt?: string;
  digest?: string;
}

function configDigest(manifest: unknown): string | undefined {
  const config = (manifest as { config?: { digest?: unknown } } | null)?.config;
  return typeof config?.digest === 'string' && /^sha256:[0-9a-f]{64}$/.test(config.digest)
    ? config.digest
    : undefined;
}

/**
 * Tag items: tags grouped by the image (manifest digest) they name, newest first. The
 * distribution API keeps no push time, so imagePushedAt is the image configuration's `created`
 * (when the image was built), absent for multi-platform indexes.
 */
export async function tagItems(client: OciClient, repository: string): Promise<TagItem[]> {
  const tags = (await client.tags(repository)).slice(0, maxTagsRead);
  const byDigest = new Map<string, TagItem & { config?: string }>();
  for (const tag of tags) {
    const manifest = await client.manifest(repository, tag);
    const key = manifest.digest ?? `tag:${tag}`;
    const item = byDigest.get(key);
    if (item) {
      item.imageTags.push(tag);
      continue;
    }
    const config = configDigest(manifest.body);
    byDigest.set(key, {
      imageTags: [tag],
      ...(manifest.digest ? { digest: manifest.digest } : {}),
      ...(config ? { config } : {}),
    });
  }
  const items: TagItem[] = [];
  for (const { config, ...item } of byDigest.values()) {
    if (config) {
      const created = (await client.blobJson(repository, config)) as { created?: unknown } | null;
      if (typeof created?.created === 'string' && !Number.isNaN(Date.parse(created.created))) {
        item.imagePushedAt = new Date(created.created).toISOString();
      }
    }
    items.push({ ...item, imageTags: item.imageTags.sort() });
  }
  return items.sort((a, b) => (b.imagePushedAt ?? '').localeCompare(a.imagePushedAt ?? ''));
}
