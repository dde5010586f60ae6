/**
 * The cluster a refused request addressed, when its path names one (member routes
 * `…/clusters/<name>…`, cluster registration); the "Why?" dialog starts from it.
 */
export function refusedCluster(url: string): { cluster?: string } {
  const path = url.split('?')[0] ?? '';
  const match = /\/clusters\/([^/]+)/.exec(path);
  if (!match?.[1]) return {};
  try {
    return { cluster: decodeURIComponent(match[1]) };
  } catch {
    return {};
  }
}
