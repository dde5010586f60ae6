import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';

/** Dials only the addresses the SSRF check resolved, so DNS cannot change them afterwards. */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  return (_hostname, options, callback) => {
    const entries = addresses.map((address) => ({
      address,
      family: isIP(address) === 6 ? 6 : 4,
    }));
    const first = entries[0];
    if (!first) {
      callback(new Error('no pinned address'), '', 4);
      return;
    }
    if (options.all) callback(null, entries);
    else callback(null, first.address, first.family);
  };
}
