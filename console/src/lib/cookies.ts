/** Value of the cookie `name` in a `document.cookie` string, if present. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function writeCookie(doc: Document, name: string, value: string): void {
  doc.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${String(ONE_YEAR_SECONDS)}; SameSite=Lax`;
}
