import { DEFAULT_PRODUCT_HOST } from '../constants';

const HOST_PATTERN = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i;

/**
 * The product domain used in service paths (`/api/v1/{service}.{host}/…`). The operator can set it
 * at runtime through `<meta name="nimbus-host">`; a build can set VITE_NIMBUS_HOST.
 */
export function readProductHost(doc: Document | undefined = globalThis.document): string {
  const candidates = [
    doc?.querySelector('meta[name="nimbus-host"]')?.getAttribute('content')?.trim(),
    import.meta.env.VITE_NIMBUS_HOST,
  ];
  return candidates.find((host) => host && HOST_PATTERN.test(host)) ?? DEFAULT_PRODUCT_HOST;
}

let cachedHost: string | undefined;

export function productHost(): string {
  cachedHost ??= readProductHost();
  return cachedHost;
}

/** `service.host`, the first path segment of a service's endpoints, e.g. `system.nimbus.io`. */
export const servicePath = (service: string): string => `/${service}.${productHost()}`;
