// A list page as the member sent it: the chunks its body arrived in, read by the watch loop only
// as far as its metadata, and joined and parsed where it is written (the write worker). Keeping
// the page as the socket's chunks spares the main thread a 2.5 MB string per page, the copy of it
// to the worker and the copy of the chunks into one buffer (docs/index.md, "Writes off the event
// loop").
import type { KubeObject } from './trim.js';

export interface ListMetadata {
  continue?: string;
  resourceVersion?: string;
  /** Objects after this page, as the API server estimates them (not with selectors). */
  remainingItemCount?: number;
}

/** A response body as the chunks it arrived in, in order. */
export type BodyChunks = readonly Uint8Array[];

interface ListPage {
  items?: KubeObject[];
  metadata?: ListMetadata;
}

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function joined(chunks: BodyChunks): Buffer {
  const [only] = chunks;
  return chunks.length === 1 && only ? asBuffer(only) : Buffer.concat(chunks);
}

/** The bytes as UTF-8 text (a character split between two chunks included). */
export function textOf(chunks: BodyChunks): string {
  return joined(chunks).toString('utf8');
}

const itemsKey = Buffer.from('"items":');

/**
 * How far into a page its metadata is looked for: a list's metadata is a resourceVersion and a
 * continue token of a few hundred bytes, so it is in the first chunk or two.
 */
const metadataWithin = 64 * 1024;

/** The leading chunks of a page, joined, up to `metadataWithin` bytes or the whole page. */
function head(chunks: BodyChunks): { bytes: Buffer; whole: boolean } {
  let length = 0;
  let count = 0;
  for (const chunk of chunks) {
    if (length >= metadataWithin) break;
    length += chunk.byteLength;
    count++;
  }
  return { bytes: joined(chunks.slice(0, count)), whole: count === chunks.length };
}

/**
 * The metadata of a list page. API servers write `metadata` before `items`, so the bytes up to
 * `"items":` parse alone (a continue token is base64, without quotes); otherwise the whole page
 * is parsed.
 */
export function listMetadata(chunks: BodyChunks): ListMetadata {
  const { bytes, whole } = head(chunks);
  const items = bytes.indexOf(itemsKey);
  if (items > 0) {
    try {
      const text = bytes.toString('utf8', 0, items).replace(/,\s*$/, '');
      const parsed = JSON.parse(`${text}}`) as ListPage;
      if (parsed.metadata) return parsed.metadata;
    } catch {
      // Not the usual layout: read it all below.
    }
  }
  return (JSON.parse(whole ? bytes.toString('utf8') : textOf(chunks)) as ListPage).metadata ?? {};
}

/** The objects of a list page. */
export function pageItems(chunks: BodyChunks): KubeObject[] {
  return (JSON.parse(textOf(chunks)) as ListPage).items ?? [];
}
