// Requests generated from the operator's policy table for the tenant-isolation matrix: each
// endpoint called with another organization's references (and, sideways, with the caller's own
// organization in the scope target but the other organization's objects elsewhere).
import type { PolicyEntry } from '../../operator/src/access/policy.js';

/** The ids of one organization's objects, or of the caller (user, userName). */
export interface Refs {
  org: string;
  group: string;
  groupName: string;
  role: string;
  roleName: string;
  user: string;
  userName: string;
  /** A Cluster registered in the organization (name). */
  cluster: string;
}

export interface MatrixContext {
  /** The organization under attack. */
  other: Refs;
  /** The caller's organization, with the caller as user. */
  own: Refs;
  /** Unique suffix for names the requests would create. */
  suffix: string;
}

export interface Call {
  title: string;
  method: string;
  service: string;
  path: string;
  body: unknown;
}

/** Request bodies per endpoint, built from whichever organization's references are given. */
function bodiesFor(entry: PolicyEntry, refs: Refs, ctx: MatrixContext): unknown[] {
  const binding = [{ cluster: refs.cluster, roleId: refs.role }];
  switch (`${entry.method} ${entry.path.replace(/^\/\w+\.\{host\}/, '')}`) {
    case 'POST /users':
      return [
        {
          userName: `iso-new-${ctx.suffix}`,
          email: 'n@x.example',
          password: 'newpass12',
          organizationId: refs.org,
          groupIds: [refs.group],
          providers: binding,
        },
      ];
    case 'PUT /users':
      return [
        {
          updateType: 'general',
          userName: refs.userName,
          name: 'taken',
          organizationId: refs.org,
          isAdmin: true,
          groupIds: [refs.group],
          providers: binding,
        },
        {
          updateType: 'password',
          userName: refs.userName,
          password: 'taken123',
          verifyPassword: 'taken123',
        },
        { updateType: 'secretKey', userName: refs.userName },
      ];
    case 'POST /groups':
    case 'PUT /groups':
      return [
        {
          uuid: refs.group,
          name: refs.groupName,
          organizationId: refs.org,
          description: 'taken',
          userIds: [refs.user],
          providers: binding,
        },
      ];
    case 'POST /roles':
    case 'PUT /roles':
      return [
        {
          uuid: refs.role,
          name: refs.roleName,
          organizationId: refs.org,
          description: 'taken',
          permissions: [{ name: 'secret:list', effect: 'allow' }],
        },
      ];
    case 'PUT /organizations':
      return [{ uuid: refs.org, cnName: 'taken', contact: 'taken', email: 'taken@x.example' }];
    case 'POST /providers/:kind/clusters':
      return [
        {
          name: `iso-new-${ctx.suffix}`,
          organizationId: refs.org,
          region: 'on-prem',
          credentials: { kubeconfig: 'apiVersion: v1\nkind: Config\n' },
        },
      ];
    case 'POST /providers/:kind/clusters/:cluster':
      return [
        {
          organizationId: refs.org,
          region: 'on-prem',
          credentials: { kubeconfig: 'apiVersion: v1\nkind: Config\n' },
        },
      ];
    case 'PUT /providers/:kind/clusters/:cluster':
      return [{ organizationId: refs.org, region: 'taken' }];
    case 'POST /providers/:kind/clusters/:cluster/test':
    case 'POST /providers/:kind/clusters/:cluster/monitor-services':
    case 'POST /providers/:kind/clusters/:cluster/credentials/rotate':
    case 'DELETE /providers/:kind/clusters/:cluster':
      return [{ organizationId: refs.org }];
    case 'POST /registrations':
      return [
        { organizationId: refs.org, name: `iso-registered-${ctx.suffix}`, region: 'on-prem' },
      ];
    case 'POST /monitors':
    case 'PUT /monitors':
      return [
        {
          organizationId: refs.org,
          providerId: refs.cluster,
          type: 'Prometheus',
          service: { namespace: 'monitoring', name: 'prometheus', port: 9090 },
          enabled: true,
        },
      ];
    case 'POST /registries/test':
    case 'POST /registries':
    case 'PUT /registries':
      return [
        {
          organizationId: refs.org,
          name: `iso-registry-${ctx.suffix}`,
          kind: 'Distribution',
          host: 'registry.example.com',
        },
      ];
    case 'DELETE /registries':
      return [{ organizationId: refs.org, name: `iso-registry-${ctx.suffix}` }];
    case 'POST /chartsources/test':
    case 'POST /chartsources':
    case 'PUT /chartsources':
      return [
        {
          organizationId: refs.org,
          name: `iso-chartsource-${ctx.suffix}`,
          type: 'OCI',
          url: 'oci://charts.example.com/charts',
          credentials: { username: 'iso', password: 'iso-password' },
        },
      ];
    case 'DELETE /chartsources':
      return [{ organizationId: refs.org, name: `iso-chartsource-${ctx.suffix}` }];
    case 'POST /dashboard-categories':
    case 'PUT /dashboard-categories':
      return [{ organizationId: refs.org, name: `iso-category-${ctx.suffix}` }];
    case 'POST /dashboards':
    case 'PUT /dashboards':
      return [
        {
          organizationId: refs.org,
          name: `iso-dashboard-${ctx.suffix}`,
          category: `iso-category-${ctx.suffix}`,
          cluster: refs.cluster,
        },
      ];
    case 'POST /join/organizations/:orgId':
      return [{ inviter: ctx.other.user, invitationCode: 'guessed-code', invitee: refs.user }];
    default:
      return [undefined];
  }
}

const params: Record<string, (r: Refs) => string> = {
  orgId: (r) => r.org,
  organizationId: (r) => r.org,
  groupId: (r) => r.group,
  roleId: (r) => r.role,
  userId: (r) => r.user,
  userName: (r) => r.userName,
  kind: () => 'ProviderKubeconfig',
  cluster: (r) => r.cluster,
  // Objects named inside the addressed organization: the organization scope decides first.
  category: () => 'iso-category',
  dashboard: () => 'iso-dashboard',
  panel: () => 'iso-panel',
  name: () => 'iso-object',
};

const serviceOf = (entry: PolicyEntry) => /^\/(\w+)\./.exec(entry.path)?.[1] ?? '';

/**
 * The other organization's references everywhere; or, with `sideways`, the caller's own
 * organization (or the caller) in the scope target and the other organization's elsewhere.
 */
export function callsFor(entry: PolicyEntry, ctx: MatrixContext, sideways: boolean): Call[] {
  const target = entry.target?.split('.')[1];
  const { own, other } = ctx;
  const refFor = (name: string) => (sideways && name === target ? own : other);
  const path = entry.path
    .replace(/^\/(\w+)\.\{host\}/, '')
    .replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (!value) throw new Error(`no reference for :${name} in ${entry.path}`);
      return encodeURIComponent(value(refFor(name)));
    });
  const bodies = bodiesFor(entry, other, ctx).map((body, index) => {
    if (!sideways || !entry.target?.startsWith('body.') || body === undefined) return body;
    const mine = bodiesFor(entry, own, ctx)[index] as Record<string, unknown>;
    return { ...(body as object), [target ?? '']: mine[target ?? ''] };
  });
  return bodies.map((body) => ({
    title: `${entry.method} ${entry.path}`,
    method: entry.method,
    service: serviceOf(entry),
    path,
    body,
  }));
}

/** Whether a call still names any object of `refs`. */
export function mentions(call: Call, refs: Refs): boolean {
  const text = JSON.stringify([call.path, call.body]);
  return [refs.org, refs.group, refs.role, refs.user, refs.userName].some((id) =>
    text.includes(id),
  );
}
