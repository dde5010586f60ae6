import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface ObjectCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body?: unknown;
}

export interface Refusal {
  status: number;
  body: Json;
}

export interface FakeObjectMember {
  url: string;
  host: string;
  /** Stored objects by API path, e.g. /api/v1/namespaces/demo/configmaps/web. */
  objects: Map<string, Json>;
  calls: ObjectCall[];
  /** Puts an object in place as kubectl would (uid, resourceVersion, timestamps set). */
  seed(path: string, object: Json): Json;
  close(): Promise<void>;
}

const applyPatch = 'application/apply-patch+yaml';

const collection =
  /^\/(api\/v1|apis\/[^/]+\/[^/]+)(?:\/namespaces\/([^/]+))?\/([a-z]+)(?:\/([^/]+))?$/;

/** RFC 7386 JSON merge patch. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Json =
    target !== null && typeof target === 'object' && !Array.isArray(target)
      ? { ...(target as Json) }
      : {};
  for (const [key, value] of Object.entries(patch as Json)) {
    out[key] = mergePatch(out[key], value);
  }
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value !== null));
}

/**
 * A loopback member API server keeping objects in memory: get, list, create (409
 * AlreadyExists), update and merge patch (409 Conflict on a stale resourceVersion), server-side
 * apply (create or update, dryRun=All stores nothing), delete
 * (a namespace takes its objects along), PartialObjectMetadata answers. `refuse` answers
 * a call with an error of its choosing before anything is stored.
 */
export async function startFakeObjectMember(
  options: {
    token?: string;
    refuse?: (call: ObjectCall) => Refusal | undefined;
  } = {},
): Promise<FakeObjectMember> {
  const objects = new Map<string, Json>();
  const calls: ObjectCall[] = [];
  let version = 100;
  const stamp = (path: string, object: Json): Json => {
    const metadata = (object.metadata ?? {}) as Json;
    const kept = objects.get(path)?.metadata as Json | undefined;
    version += 1;
    const stored: Json = {
      ...object,
      metadata: {
        ...metadata,
        uid: kept?.uid ?? randomUUID(),
        creationTimestamp: kept?.creationTimestamp ?? '2026-01-01T00:00:00Z',
        resourceVersion: String(version),
        managedFields: [{ manager: 'fake' }],
      },
    };
    if (path.startsWith('/api/v1/namespaces/') && !path.slice(19).includes('/')) {
      stored.status = { phase: 'Active' };
    }
    objects.set(path, stored);
    return stored;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw === '' ? undefined : (JSON.parse(raw) as Json);
      const call: ObjectCall = { method, path: url.pathname, headers: req.headers, body };
      calls.push(call);
      const send = (status: number, answer: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      };
      const status = (code: number, reason: string, message: string, name?: string): void =>
        send(code, { kind: 'Status', reason, message, details: name ? { name } : {} });
      if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
        status(401, 'Unauthorized', 'Unauthorized');
        return;
      }
      if (url.pathname === '/version') {
        send(200, { gitVersion: 'v1.36.0' });
        return;
      }
      const refusal = options.refuse?.(call);
      if (refusal) {
        send(refusal.status, refusal.body);
        return;
      }
      const match = collection.exec(url.pathname);
      if (!match) {
        status(404, 'NotFound', 'the server could not find the requested resource');
        return;
      }
      // /api/v1/namespaces/x matches as plural "namespaces", name x.
      const [, prefix = '', namespace, plural = '', name] = match;
      const base = `/${prefix}${namespace ? `/namespaces/${namespace}` : ''}/${plural}`;
      const metadataOnly = (req.headers.accept ?? '').includes('as=PartialObjectMetadata');
      const view = (object: Json): Json =>
        metadataOnly
          ? {
              apiVersion: 'meta.k8s.io/v1',
              kind: 'PartialObjectMetadata',
              metadata: object.metadata,
            }
          : object;
      if (name === undefined) {
        if (method === 'GET') {
          const items = [...objects.entries()]
            .filter(
              ([path]) => path.startsWith(`${base}/`) && !path.slice(base.length + 1).includes('/'),
            )
            .map(([, object]) => view(object));
          send(200, { items });
        } else if (method === 'POST') {
          const created = body ?? {};
          const createdName = String((created.metadata as Json | undefined)?.name ?? '');
          const path = `${base}/${createdName}`;
          if (objects.has(path)) {
            status(409, 'AlreadyExists', `${plural} "${createdName}" already exists`, createdName);
            return;
          }
          send(201, view(stamp(path, created)));
        } else status(405, 'MethodNotAllowed', method);
        return;
      }
      const path = `${base}/${name}`;
      const current = objects.get(path);
      if (method === 'PATCH' && req.headers['content-type'] === applyPatch) {
        // Server-side apply creates or updates; dryRun=All answers without storing.
        const next = mergePatch(current ?? {}, body) as Json;
        const dryRun = url.searchParams.get('dryRun') === 'All';
        send(current ? 200 : 201, view(dryRun ? next : stamp(path, next)));
        return;
      }
      if (!current) {
        status(404, 'NotFound', `${plural} "${name}" not found`);
        return;
      }
      const currentVersion = (current.metadata as Json).resourceVersion;
      const sentVersion = (body?.metadata as Json | undefined)?.resourceVersion;
      if (
        (method === 'PUT' || method === 'PATCH') &&
        sentVersion &&
        sentVersion !== currentVersion
      ) {
        status(409, 'Conflict', 'the object has been modified');
        return;
      }
      if (method === 'GET') send(200, view(current));
      else if (method === 'PUT') send(200, view(stamp(path, body ?? {})));
      else if (method === 'PATCH') send(200, view(stamp(path, mergePatch(current, body) as Json)));
      else if (method === 'DELETE') {
        for (const key of [...objects.keys()]) {
          if (key === path || (plural === 'namespaces' && key.includes(`/namespaces/${name}/`))) {
            objects.delete(key);
          }
        }
        send(200, { ...current, status: { phase: 'Terminating' } });
      } else status(405, 'MethodNotAllowed', method);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    objects,
    calls,
    seed: stamp,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
