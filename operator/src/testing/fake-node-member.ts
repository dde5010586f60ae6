// A loopback member API server for the node routes: nodes (get, list, merge patch with
// resourceVersion checks), pods by node with continue tokens, node events, and a per-user RBAC
// stand-in answering 403 like a real member.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body?: unknown;
}

type Json = Record<string, unknown>;

export interface FakeNodeMember {
  url: string;
  host: string;
  nodes: Map<string, Json>;
  pods: Json[];
  events: Json[];
  requests: SeenRequest[];
  /** Users the member refuses, per verb ('get', 'list', 'patch'). */
  refuse: Map<string, Set<string>>;
  /** Users whose calls are never answered. */
  hangFor: Set<string>;
  /** Someone else writes the node right after each read (a concurrent editor). */
  racing: { on: boolean };
  close(): Promise<void>;
}

/** RFC 7386: null deletes, objects merge, everything else (arrays too) replaces. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const base: Json =
    target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Json) } : {};
  const changes = Object.entries(patch as Json);
  const merged = Object.entries(base).filter(([key]) => (patch as Json)[key] !== null);
  const kept = new Map(merged);
  for (const [key, value] of changes) {
    if (value !== null) kept.set(key, applyMergePatch(base[key], value));
  }
  return Object.fromEntries(kept);
}

function status(code: number, reason: string, message: string): Json {
  return { kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason, message };
}

function fieldValue(selector: string | null, field: string): string | undefined {
  for (const part of (selector ?? '').split(',')) {
    const [key, value] = part.split('=');
    if (key === field) return value;
  }
  return undefined;
}

export async function startFakeNodeMember(): Promise<FakeNodeMember> {
  const state = {
    nodes: new Map<string, Json>(),
    pods: [] as Json[],
    events: [] as Json[],
    requests: [] as SeenRequest[],
    refuse: new Map<string, Set<string>>(),
    hangFor: new Set<string>(),
    racing: { on: false },
  };
  let version = 100;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      const method = req.method ?? 'GET';
      state.requests.push({ method, path: req.url ?? '', headers: req.headers, body });
      const send = (code: number, answer: unknown): void => {
        res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      };
      const url = new URL(req.url ?? '/', 'http://member');
      const user = String(req.headers['impersonate-user'] ?? '');
      if (state.hangFor.has(user)) return;
      if (url.pathname === '/version') return send(200, { gitVersion: 'v1.36.0' });
      const node = /^\/api\/v1\/nodes\/([^/]+)$/.exec(url.pathname)?.[1];
      const verb =
        method === 'PATCH' ? 'patch' : node || !url.pathname.endsWith('s') ? 'get' : 'list';
      if (state.refuse.get(user)?.has(verb)) {
        return send(403, status(403, 'Forbidden', `User "${user}" cannot ${verb} here`));
      }
      if (url.pathname === '/api/v1/nodes' && method === 'GET') {
        return send(200, { kind: 'NodeList', metadata: {}, items: [...state.nodes.values()] });
      }
      if (node !== undefined) {
        const name = decodeURIComponent(node);
        const current = state.nodes.get(name);
        if (!current) return send(404, status(404, 'NotFound', `nodes "${name}" not found`));
        if (method === 'GET') {
          send(200, current);
          if (state.racing.on) {
            version += 1;
            const meta = { ...(current.metadata as Json), resourceVersion: String(version) };
            state.nodes.set(name, { ...current, metadata: meta });
          }
          return;
        }
        if (method === 'PATCH') {
          if (req.headers['content-type'] !== 'application/merge-patch+json') {
            return send(415, status(415, 'UnsupportedMediaType', 'unsupported patch type'));
          }
          const meta = (current.metadata ?? {}) as Json;
          const wanted = ((body as Json).metadata as Json | undefined)?.resourceVersion;
          if (wanted !== undefined && wanted !== meta.resourceVersion) {
            return send(409, status(409, 'Conflict', 'the object has been modified'));
          }
          version += 1;
          const next = applyMergePatch(current, body) as Json;
          next.metadata = { ...(next.metadata as Json), resourceVersion: String(version) };
          state.nodes.set(name, next);
          return send(200, next);
        }
      }
      if (url.pathname === '/api/v1/pods') {
        const on = fieldValue(url.searchParams.get('fieldSelector'), 'spec.nodeName');
        const matching = state.pods.filter((p) => (p.spec as Json | undefined)?.nodeName === on);
        const limit = Number(url.searchParams.get('limit') ?? matching.length);
        const start = Number(url.searchParams.get('continue') ?? 0);
        const items = matching.slice(start, start + limit);
        const more = start + limit < matching.length;
        return send(200, {
          kind: 'PodList',
          metadata: more ? { continue: String(start + limit) } : {},
          items,
        });
      }
      if (url.pathname === '/api/v1/events') {
        const selector = url.searchParams.get('fieldSelector');
        const kind = fieldValue(selector, 'involvedObject.kind');
        const name = fieldValue(selector, 'involvedObject.name');
        const items = state.events.filter((e) => {
          const involved = (e.involvedObject ?? {}) as Json;
          return involved.kind === kind && involved.name === name;
        });
        return send(200, { kind: 'EventList', metadata: {}, items });
      }
      send(404, status(404, 'NotFound', 'the server could not find the requested resource'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
