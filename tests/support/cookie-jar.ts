// A minimal cookie jar for driving browser flows over HTTP (fetch with manual redirects): cookies
// kept per host and path as Set-Cookie gave them, sent back where their path matches.

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export class CookieJar {
  private readonly hosts = new Map<string, Map<string, StoredCookie>>();

  store(url: string, response: Response): void {
    const { host } = new URL(url);
    const cookies = this.hosts.get(host) ?? new Map<string, StoredCookie>();
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split('=')[1];
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const removed =
        attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) < Date.now());
      const key = `${name};${path}`;
      if (removed || value === '') cookies.delete(key);
      else cookies.set(key, { name, value, path });
    }
    this.hosts.set(host, cookies);
  }

  header(url: string): string {
    const { host, pathname } = new URL(url);
    return [...(this.hosts.get(host)?.values() ?? [])]
      .filter((cookie) => pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  value(url: string, name: string): string | undefined {
    const { host } = new URL(url);
    return [...(this.hosts.get(host)?.values() ?? [])].find((c) => c.name === name)?.value;
  }

  /** fetch with this jar's cookies, keeping what the answer sets; redirects are not followed. */
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = this.header(url);
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    this.store(url, response);
    return response;
  }
}
