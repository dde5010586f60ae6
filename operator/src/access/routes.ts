/** The registered routes of an Express router tree, read from its layer stack. */
export interface RouteInfo {
  method: string;
  path: string;
}

/** The runtime shape of router 2.x layers (its published types lag behind: no rawPath). */
interface RuntimeLayer {
  rawPath?: unknown;
  route?: { path?: unknown; methods?: Record<string, boolean> };
  handle?: unknown;
}

function stackOf(handle: unknown): RuntimeLayer[] | undefined {
  if (typeof handle !== 'function' && (typeof handle !== 'object' || handle === null)) {
    return undefined;
  }
  const stack = (handle as { stack?: unknown }).stack;
  return Array.isArray(stack) ? (stack as RuntimeLayer[]) : undefined;
}

function join(prefix: string, path: string): string {
  const joined = `${prefix}${path === '/' ? '' : path}`;
  return joined === '' ? '/' : joined;
}

function walk(stack: readonly RuntimeLayer[], prefix: string, out: RouteInfo[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const path =
        typeof layer.route.path === 'string' ? layer.route.path : String(layer.route.path);
      for (const [method, enabled] of Object.entries(layer.route.methods ?? {})) {
        if (enabled)
          out.push({
            method: method === '_all' ? 'ALL' : method.toUpperCase(),
            path: join(prefix, path),
          });
      }
      continue;
    }
    const nested = stackOf(layer.handle);
    if (nested)
      walk(nested, join(prefix, typeof layer.rawPath === 'string' ? layer.rawPath : ''), out);
  }
}

/** Every method+path pair registered below `router` (an Express app's router or a Router). */
export function listRoutes(router: unknown, prefix = ''): RouteInfo[] {
  const out: RouteInfo[] = [];
  walk(stackOf(router) ?? [], prefix, out);
  return out;
}
