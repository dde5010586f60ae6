import { z } from 'zod';
import { ApiError, errors } from '../../core/errors.js';
import type { ProviderContext } from './types.js';

/**
 * The HTTP plumbing the kubeconfig-issuing vendors (Alibaba ACK, Tencent TKE, Huawei CCE) share.
 * Vendor bodies are untrusted: they are size-capped, parsed defensively, and only short code-like
 * fields from them ever reach an error message, because vendors echo request details (access key
 * ids, strings to sign) in their error text.
 */
/** An access key id or secret: printable ASCII without spaces, as every vendor issues them. */
export const visibleText = z.string().regex(/^[\x21-\x7e]+$/);

export const MAX_VENDOR_RESPONSE_BYTES = 1024 * 1024;

const SAFE_CODE = /^[A-Za-z0-9._:-]{1,100}$/;
const SAFE_IDENTIFIER = /^[A-Za-z0-9_-]{1,128}$/;
const SAFE_REGION = /^[a-z0-9-]{1,64}$/;

export function vendorError(vendor: string, detail: string, cause?: unknown): ApiError {
  return new ApiError(errors.clusterUnreachable, { message: `${vendor}: ${detail}`, cause });
}

/** A vendor error code when it looks like one, so it can be shown; anything else is dropped. */
export function safeCode(value: unknown): string | undefined {
  return typeof value === 'string' && SAFE_CODE.test(value) ? value : undefined;
}

/** Region and ids end up in host names and paths, so only plain identifiers are accepted. */
export function requireRegion(vendor: string, region: string): string {
  if (!SAFE_REGION.test(region)) throw vendorError(vendor, 'the region is not a valid region id');
  return region;
}

export function requireIdentifier(
  vendor: string,
  field: string,
  value: string | undefined,
): string {
  if (value === undefined || !SAFE_IDENTIFIER.test(value)) {
    throw vendorError(vendor, `${field} is missing or not a valid identifier`);
  }
  return value;
}

/** Fills `{region}` in a configured endpoint template such as `https://cs.{region}.aliyuncs.com`. */
export function endpointUrl(vendor: string, template: string, region: string): URL {
  try {
    const url = new URL(template.replaceAll('{region}', region));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('scheme');
    return url;
  } catch (error) {
    throw vendorError(vendor, 'the configured API endpoint is not a valid URL', error);
  }
}

async function readCapped(response: Response, vendor: string): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_VENDOR_RESPONSE_BYTES) {
      await reader.cancel();
      throw vendorError(vendor, 'the API response is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A signed request ready to send; the adapters return it separately so tests can tamper with it. */
export interface SignedVendorRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface VendorResponse {
  status: number;
  body: unknown;
}

/** Sends one request and returns its parsed JSON body; network and parse failures are ApiErrors. */
export async function callVendor(
  vendor: string,
  ctx: ProviderContext,
  url: URL,
  init: Omit<SignedVendorRequest, 'url'>,
): Promise<VendorResponse> {
  let response: Response;
  try {
    response = await ctx.fetch(url, {
      method: init.method,
      headers: init.headers,
      ...(init.body === undefined ? {} : { body: init.body }),
      redirect: 'error',
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
  } catch (error) {
    throw vendorError(vendor, `could not reach the API at ${url.host}`, error);
  }
  let text: string;
  try {
    text = await readCapped(response, vendor);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw vendorError(vendor, 'the API response could not be read', error);
  }
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw vendorError(
      vendor,
      `the API answered HTTP ${response.status} with a body that is not JSON`,
    );
  }
}
