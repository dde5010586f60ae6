// Forged ID tokens against the operator under test: an OpenID provider on the test bed's reserved
// port (base + 21, allowed by the operator's outbound policy) that follows the code flow but signs
// what it is told to — with a key it never published, for another client, with another sign-in's
// nonce, or expired. The operator must refuse each with 1015 and create no user; the same
// provider's honest token signs in, so the refusals are about the token and nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForgingIssuer } from '../../operator/src/testing/fakes/oidc-issuer-fake.js';
import {
  forgeries,
  startForgingIssuer,
} from '../../operator/src/testing/fakes/oidc-issuer-fake.js';
import type { Session } from '../support/iam.js';
import {
  expectOk,
  gitOpsSystemAdmin,
  hub,
  hubJson,
  removeGitOpsSystemAdmin,
} from '../support/iam.js';
import type { CallbackParams } from '../support/oidc.js';
import { finishSignIn, newBrowser, startSignIn } from '../support/oidc.js';

const s = `sf${Date.now().toString(36)}`;
const provider = `forger-${s}`;
const forgingPort = Number(process.env.NIMBUS_TESTBED_PORT_BASE ?? 16440) + 21;

let root: Session;
let issuer: ForgingIssuer;

/** The whole flow as a browser runs it; the forging issuer answers its authorize step at once. */
async function signIn() {
  const browser = newBrowser();
  const started = expectOk(await startSignIn(browser, provider));
  const answer = await fetch(started.authorizationUrl, { redirect: 'manual' });
  const back = new URL(answer.headers.get('location') ?? '');
  const params: CallbackParams = Object.fromEntries(back.searchParams);
  return finishSignIn(browser, params);
}

const usersNamed = (name: string) =>
  hubJson<{ items: Array<{ metadata: { name: string } }> }>([
    'get',
    'users.nimbus.io',
  ]).items.filter((user) => user.metadata.name === name);

beforeAll(async () => {
  issuer = await startForgingIssuer(forgingPort);
  issuer.claims = { ...issuer.claims, sub: `sub-${s}`, preferred_username: `forged-${s}` };
  root = await gitOpsSystemAdmin(s);
  expectOk(
    await root.call('POST', '/identity-providers', {
      name: provider,
      displayName: 'Forging issuer',
      issuer: issuer.issuer,
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
      scopes: ['openid', 'profile', 'email'],
    }),
  );
});

afterAll(async () => {
  hub(['delete', 'identityproviders.nimbus.io', provider, '--ignore-not-found', '--wait=false']);
  hub(['delete', 'users.nimbus.io', `forged-${s}`, '--ignore-not-found', '--wait=false']);
  removeGitOpsSystemAdmin(s);
  await issuer?.close();
});

describe('an ID token the issuer did not honestly sign for this sign-in', () => {
  it.each(forgeries)(
    'is refused when forged with %s, and no user is made',
    async (forgery, detail) => {
      issuer.forgery = forgery;
      const before = usersNamed(`forged-${s}`);
      const refused = await signIn();
      expect(refused.body.code).toBe(1015);
      expect(refused.body.message).toContain(detail);
      expect(usersNamed(`forged-${s}`)).toEqual(before);
    },
  );

  it('signs in with the same provider once the token is honest', async () => {
    issuer.forgery = 'valid';
    const signedIn = expectOk(await signIn());
    expect(signedIn.userName).toBe(`forged-${s}`);
    expect(usersNamed(`forged-${s}`)).toHaveLength(1);
  });
});
