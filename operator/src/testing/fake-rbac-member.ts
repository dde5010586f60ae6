import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RbacCall {
  method: string;
  plural: string;
  name?: string;
}

export interface FakeRbacMember {
  url: string;
  host: string;
  /** Stored objects by plural, then name (`namespace/name` for roles and rolebindings). */
  objects: Record<
    'clusterroles' | 'clusterrolebindings' | 'roles' | 'rolebindings',
    Map<string, Record<string, unknown>>
  >;
  /** Every apply and delete, in order. */
  writes: RbacCall[];
  /** Every request's method and path as it arrived (also when hanging). */
  requests: string[];
  close(): Promise<void>;
}

const rbacPath =
  /^\/apis\/rbac\.authorization\.k8s\.io\/v1(?:\/namespaces\/([^/]+))?\/(clusterroles|clusterrolebindings|roles|rolebindings)(?:\/([^/]+))?$/;

/**
 * A loopback member API server for RBAC: lists by label selector, server-side apply (it insists
 * on the apply content type and field manager nimbus), delete and SelfSubjectReview. Only the
 * operator's token is accepted; impersonated calls are refused.
 */
export async function startFakeRbacMember(options: {
  token: string;
  username: string;
  /** uid of kube-system: two fakes with the same one are the same member. */
  memberId?: string;
  hang?: boolean;
  /** Called with each request's method and path as it arrives (a test moves its clock here). */
  onRequest?: (request: string) => void;
}): Promise<FakeRbacMember> {
  const objects: FakeRbacMember['objects'] = {
    clusterroles: new Map(),
    clusterrolebindings: new Map(),
    roles: new Map(),
    rolebindings: new Map(),
  };
  const writes: RbacCall[] = [];
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method ?? 'GET'} ${req.url ?? '/'}`);
    options.onRequest?.(`${req.method ?? 'GET'} ${req.url ?? '/'}`);
    if (options.hang) return;
    const send = (status: number, body: unknown = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (
      req.headers.authorization !== `Bearer ${options.token}` ||
      req.headers['impersonate-user'] !== undefined
    ) {
      send(403);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      if (url.pathname === '/apis/authentication.k8s.io/v1/selfsubjectreviews') {
        send(201, { status: { userInfo: { username: options.username } } });
        return;
      }
      if (url.pathname === '/api/v1/namespaces/kube-system') {
        send(200, { metadata: { name: 'kube-system', uid: options.memberId ?? 'member-uid' } });
        return;
      }
      const match = rbacPath.exec(url.pathname);
      const plural = match?.[2] as keyof FakeRbacMember['objects'] | undefined;
      if (!plural) {
        send(404);
        return;
      }
      const store = objects[plural];
      const namespace = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
      const name =
        match?.[3] === undefined
          ? undefined
          : `${namespace === undefined ? '' : `${namespace}/`}${decodeURIComponent(match[3])}`;
      if (method === 'GET' && name === undefined) {
        const [key, value] = (url.searchParams.get('labelSelector') ?? '').split('=');
        const items = [...store.values()].filter((o) => {
          const labels = (o.metadata as { labels?: Record<string, string> }).labels ?? {};
          return key !== undefined && key !== '' && labels[key] === value;
        });
        send(200, { items });
      } else if (method === 'PATCH' && name !== undefined) {
        const applies =
          req.headers['content-type'] === 'application/apply-patch+yaml' &&
          url.searchParams.get('fieldManager') === 'nimbus';
        if (!applies) {
          send(415);
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        store.set(name, body);
        writes.push({ method: 'apply', plural, name });
        send(200, body);
      } else if (method === 'DELETE' && name !== undefined) {
        writes.push({ method: 'delete', plural, name });
        send(store.delete(name) ? 200 : 404);
      } else send(405);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    objects,
    writes,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
