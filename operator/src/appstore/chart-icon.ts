// Chart icons for the console: the browser may load images only from Nimbus itself or data: URLs
// (its CSP), so the operator reads an icon's URL through the outbound policy and answers the
// image as a data: URL. Only real image bytes pass; the browser never contacts the icon's host.
import { notFound } from '../core/problems.js';
import type { OutboundOptions } from './outbound-get.js';
import { OutboundError, outboundGet } from './outbound-get.js';

/** Icons are small; a larger answer is not shown. */
export const maxIconBytes = 256 * 1024;
const cacheTtlMs = 10 * 60_000;
const maxCached = 500;

const dataUrlPattern =
  /^data:image\/(png|jpeg|gif|webp|svg\+xml)(;charset=[-\w]+)?(;base64)?,[A-Za-z0-9+/=%._~!$&'()*,;:@?-]*$/;

/** The image type of the bytes, by their signature (an SVG by its root element). */
export function sniffImage(bytes: Buffer): string | undefined {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  const head = bytes.subarray(0, 1024).toString('utf8').trimStart();
  // An SVG shown through <img> runs no script, so any well-formed-looking SVG document may pass.
  if (/^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) {
    return 'image/svg+xml';
  }
  return undefined;
}

/** Reads icons (data: or http(s) URLs) into data: URLs, remembering each for a while. */
export function createIconReader(options: OutboundOptions, now: () => number = Date.now) {
  const cached = new Map<string, { at: number; dataUrl: Promise<string> }>();
  const fetchIcon = async (url: string): Promise<string> => {
    let answer;
    try {
      answer = await outboundGet(
        url,
        { accept: 'image/*' },
        { ...options, maxBytes: maxIconBytes },
      );
    } catch (error) {
      if (error instanceof OutboundError) throw notFound(`chart icon (${error.message})`);
      throw error;
    }
    if (answer.status !== 200) throw notFound(`chart icon (HTTP ${answer.status})`);
    const type = sniffImage(answer.body);
    if (!type) throw notFound('chart icon (not an image)');
    return `data:${type};base64,${answer.body.toString('base64')}`;
  };
  return (icon: string): Promise<string> => {
    if (icon.startsWith('data:')) {
      if (icon.length > maxIconBytes * 2 || !dataUrlPattern.test(icon)) {
        return Promise.reject(notFound('chart icon (not an image data: URL)'));
      }
      return Promise.resolve(icon);
    }
    if (!/^https?:\/\//.test(icon)) return Promise.reject(notFound('chart icon'));
    const hit = cached.get(icon);
    if (hit && now() - hit.at < cacheTtlMs) return hit.dataUrl;
    if (cached.size >= maxCached) cached.delete(cached.keys().next().value ?? '');
    const dataUrl = fetchIcon(icon);
    cached.set(icon, { at: now(), dataUrl });
    dataUrl.catch(() => cached.delete(icon));
    return dataUrl;
  };
}
