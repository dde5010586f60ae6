import type { AccessExplanation, MemberRefusal } from '@nimbus/api';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../tests/renderWithProviders';
import { startLoopbackServer, type LoopbackServer } from '../../tests/loopbackServer';
import { serviceAccountRefusal } from '../../tests/refusals';
import { ExplainRefusalPanel } from './ExplainRefusalPanel';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(() => server.close());

const refusal: MemberRefusal = { ...serviceAccountRefusal, verb: 'create' };

const answer: AccessExplanation = {
  user: 'vera',
  cluster: 'prod',
  organization: 'acme',
  permission: 'serviceaccount:create',
  memberOfOrganization: true,
  chosen: 'user',
  groups: [],
  bindings: [
    {
      source: { kind: 'user' },
      role: 'read-only',
      effect: 'Allow',
      usable: true,
      permission: 'absent',
    },
  ],
  effect: 'Allow',
  allowedByRoles: false,
  allowed: false,
  reason: 'not-granted',
  member: {
    status: 'answered',
    principal: 'nimbus:vera',
    allowed: false,
    checks: [
      {
        group: '',
        resource: 'serviceaccounts',
        verb: 'create',
        namespace: 'web',
        name: 'shop',
        allowed: false,
        reason: '',
      },
    ],
  },
  call: {
    call: {
      verb: 'create',
      group: '',
      resource: 'serviceaccounts',
      namespace: 'web',
      name: 'shop',
    },
    permissions: ['serviceaccount:create'],
    refused: true,
    outcome: 'refused',
    finding: 'not-granted',
    held: ['get', 'list', 'watch'],
    missing: {
      apiGroups: [''],
      resources: ['serviceaccounts'],
      verbs: ['create'],
      namespace: 'web',
    },
  },
};

describe('ExplainRefusalPanel', () => {
  it('asks about exactly the refused call at once and shows the rule that is missing', async () => {
    server.respond(
      '/api/v1/manage.nimbus.io/users/vera/explain?cluster=prod&verb=create&group=&resource=serviceaccounts&namespace=web&name=shop&refused=rbac',
      { body: { code: 0, message: 'success', data: answer } },
    );
    renderWithProviders(<ExplainRefusalPanel userName="vera" refusal={refusal} />, {
      apiOrigin: server.origin,
    });

    const panel = await screen.findByTestId('explain-refusal-panel');
    expect(within(panel).getByText('create serviceaccounts "shop" in namespace web')).toBeDefined();
    expect((await screen.findByTestId('call-explanation-outcome')).textContent).toBe(
      'Refused: create serviceaccounts "shop" in namespace web',
    );
    expect(screen.getByTestId('call-explanation-finding').textContent).toBe(
      "The member cluster's RBAC does not grant it, and no role bound to vera on prod allows serviceaccount:create, the console permission that would.",
    );
    expect(screen.getByTestId('call-explanation-missing').textContent).toBe(
      'apiGroups: [""], resources: ["serviceaccounts"], verbs: ["create"]',
    );
    expect(screen.getByText('get, list, watch')).toBeDefined();
    expect(screen.queryByText('Nimbus allows it')).toBeNull();
    expect(screen.queryByText(/^Allowed:/)).toBeNull();
  });
});
