import { describe, expect, it } from 'vitest';
import { callOfRequest, refusalOf, refusalText } from './member-refusal.js';

// The API server's own words (k8s.io/apiserver endpoints/handlers/responsewriters/errors.go and
// the RBAC registry's escalation check), as a member answers them.
const cannotGet =
  'serviceaccounts "web" is forbidden: User "nimbus:vera" cannot get resource "serviceaccounts" in API group "" in the namespace "web"';
const cannotCreateAtCluster =
  'clusterroles.rbac.authorization.k8s.io is forbidden: User "nimbus:vera" cannot create resource "clusterroles" in API group "rbac.authorization.k8s.io" at the cluster scope';
const escalation =
  'rolebindings.rbac.authorization.k8s.io "grab" is forbidden: user "nimbus:olive" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n{APIGroups:["*"], Resources:["*"], Verbs:["*"]}';
const impersonation =
  'users "nimbus:vera" is forbidden: User "system:serviceaccount:nimbus:agent" cannot impersonate resource "users" in API group "" at the cluster scope';

describe('refusalOf', () => {
  it('reads the refused call from the authorizer’s words and the Status', () => {
    const refusal = refusalOf('prod', {
      message: cannotGet,
      details: { name: 'web', kind: 'serviceaccounts' },
    });
    expect(refusal).toEqual({
      cluster: 'prod',
      cause: 'rbac',
      verb: 'get',
      group: '',
      resource: 'serviceaccounts',
      namespace: 'web',
      name: 'web',
      reason: cannotGet,
    });
    expect(refusal && refusalText(refusal)).toBe('cannot get serviceaccounts in namespace web');
  });

  it('prefers the authorizer’s verb to the request’s: an apply that creates is checked as create', () => {
    const refusal = refusalOf(
      'prod',
      { message: cannotCreateAtCluster },
      { method: 'PATCH', path: '/apis/rbac.authorization.k8s.io/v1/clusterroles/x?fieldManager=a' },
    );
    expect(refusal).toMatchObject({
      verb: 'create',
      group: 'rbac.authorization.k8s.io',
      resource: 'clusterroles',
      name: 'x',
    });
    expect(refusal?.namespace).toBeUndefined();
    expect(refusal && refusalText(refusal)).toBe('cannot create clusterroles at cluster scope');
  });

  it('splits a subresource', () => {
    const refusal = refusalOf('prod', {
      message:
        'pods "p" is forbidden: User "nimbus:vera" cannot get resource "pods/log" in API group "" in the namespace "ns"',
    });
    expect(refusal).toMatchObject({ resource: 'pods', subresource: 'log', namespace: 'ns' });
    expect(refusal && refusalText(refusal)).toBe('cannot get pods/log in namespace ns');
  });

  it('tells Kubernetes’ escalation check apart, the object and namespace from the request', () => {
    const refusal = refusalOf(
      'prod',
      {
        message: escalation,
        details: { name: 'grab', group: 'rbac.authorization.k8s.io', kind: 'rolebindings' },
      },
      {
        method: 'PATCH',
        path: '/apis/rbac.authorization.k8s.io/v1/namespaces/team/rolebindings/grab',
      },
    );
    expect(refusal).toMatchObject({
      cause: 'escalation',
      verb: 'patch',
      group: 'rbac.authorization.k8s.io',
      resource: 'rolebindings',
      namespace: 'team',
      name: 'grab',
    });
    expect(refusal?.reason).toContain('not currently held');
    expect(refusal && refusalText(refusal)).toBe(
      'cannot patch rolebindings grab in namespace team: it grants rights you do not hold',
    );
  });

  it('never shows the operator’s own identity in the member', () => {
    const refusal = refusalOf('prod', { message: impersonation });
    expect(refusal).toMatchObject({
      cause: 'impersonation',
      verb: 'impersonate',
      resource: 'users',
    });
    expect(refusal?.reason).not.toContain('system:serviceaccount');
    expect(refusal?.reason).toContain('nimbus:vera');
    expect(refusal && refusalText(refusal)).toBe(
      'cluster prod does not let Nimbus act for you yet',
    );
  });

  it('keeps another 403 as the member said it, with the call from the request', () => {
    const message =
      'pods "p" is forbidden: violates PodSecurity "restricted:latest": privileged (container "c")';
    const refusal = refusalOf(
      'prod',
      { message, details: { name: 'p', kind: 'pods' } },
      { method: 'POST', path: '/api/v1/namespaces/ns/pods' },
    );
    expect(refusal).toMatchObject({ cause: 'other', verb: 'create', resource: 'pods', name: 'p' });
    expect(refusal && refusalText(refusal)).toBe(message);
  });

  it('answers nothing when neither the words nor the request tell the call', () => {
    expect(refusalOf('prod', { message: 'forbidden' })).toBeUndefined();
  });

  it('drops a malformed attribute instead of passing it on', () => {
    const refusal = refusalOf('prod', {
      message: cannotGet,
      details: { name: '<script>', kind: 'serviceaccounts' },
    });
    expect(refusal).toMatchObject({ verb: 'get', resource: 'serviceaccounts' });
    expect(refusal?.name).toBeUndefined();
  });

  it('bounds the member’s words', () => {
    const refusal = refusalOf('prod', { message: `${cannotGet} ${'x'.repeat(5000)}` });
    expect(refusal?.reason.length).toBeLessThanOrEqual(601);
  });
});

describe('callOfRequest', () => {
  it('reads the attributes as the API server does', () => {
    expect(callOfRequest({ method: 'GET', path: '/api/v1/namespaces/a/secrets?limit=5' })).toEqual({
      verb: 'list',
      group: '',
      resource: 'secrets',
      namespace: 'a',
    });
    expect(callOfRequest({ method: 'GET', path: '/api/v1/pods?watch=true' })).toEqual({
      verb: 'watch',
      group: '',
      resource: 'pods',
    });
    expect(
      callOfRequest({ method: 'DELETE', path: '/apis/apps/v1/namespaces/a/deployments/d' }),
    ).toEqual({
      verb: 'delete',
      group: 'apps',
      resource: 'deployments',
      namespace: 'a',
      name: 'd',
    });
    expect(callOfRequest({ method: 'GET', path: '/api/v1/namespaces/a' })).toEqual({
      verb: 'get',
      group: '',
      resource: 'namespaces',
      name: 'a',
    });
    expect(callOfRequest({ method: 'GET', path: '/version' })).toEqual({});
  });
});
