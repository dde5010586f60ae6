// A list page as the member sent it: its bytes, read by the watch loop only as far as its
// metadata, and parsed whole where it is written (the write worker). Keeping the page as bytes
// spares the main thread a 2.5 MB string per page and the copy of it to the worker
// (docs/index.md, "Writes off the event loop").
import type { KubeObject } from './trim.js';

export interface ListMetadata {
  continue?: string;
  resourceVersion?: string;
  /** Objects after this page, as the API server estimates them (not with selectors). */
  remainingItemCount?: number;
}

interface ListPage {
  items?: KubeObject[];
  metadata?: ListMetadata;
}

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The bytes as UTF-8 text. */
export function textOf(bytes: Uint8Array): string {
  return asBuffer(bytes).toString('utf8');
}

const itemsKey = Buffer.from('"items":');

/**
 * The metadata of a list page. API servers write `metadata` before `items`, so the bytes up to
 * `"items":` parse alone (a continue token is base64, without quotes); otherwise the whole page
 * is parsed.
 */
export function listMetadata(bytes: Uint8Array): ListMetadata {
  const page = asBuffer(bytes);
  const items = page.indexOf(itemsKey);
  if (items > 0) {
    try {
      const head = page.toString('utf8', 0, items).replace(/,\s*$/, '');
      const parsed = JSON.parse(`${head}}`) as ListPage;
      if (parsed.metadata) return parsed.metadata;
    } catch {
      // Not the usual layout: read it all below.
    }
  }
  return (JSON.parse(page.toString('utf8')) as ListPage).metadata ?? {};
}

/** The objects of a list page. */
export function pageItems(bytes: Uint8Array): KubeObject[] {
  return (JSON.parse(textOf(bytes)) as ListPage).items ?? [];
}
