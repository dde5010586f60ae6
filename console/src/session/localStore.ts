/** localStorage, or undefined outside a browser (node tests) and when storage is disabled. */
export function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
