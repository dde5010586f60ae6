// The test bed's OpenID provider: the certified `oidc-provider` package on loopback, with its own
// login and consent pages, test users and groups. hack/testbed/oidc.sh starts and stops it.
//
//   node oidc-provider.mjs <state dir> <port>
//
// The state dir holds what survives a restart: the signing key (jwks.json), cookie keys, the
// client secret, the admin token and the users (users.json). Users are managed over
// PUT/DELETE /testbed/users/<name> with `Authorization: Bearer <admin token>`, so each test file
// creates its own and can take a group away between two sign-ins.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

const [stateDir, portText] = process.argv.slice(2);
if (!stateDir || !portText) {
  process.stderr.write('usage: oidc-provider.mjs <state dir> <port>\n');
  process.exit(2);
}
const port = Number(portText);
const issuer = `http://127.0.0.1:${port}`;
const clientId = 'nimbus';
mkdirSync(stateDir, { recursive: true, mode: 0o700 });

function kept(name, make) {
  const file = join(stateDir, name);
  if (!existsSync(file)) writeFileSync(file, make(), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
const randomText = () => randomBytes(24).toString('base64url');

// What the tests and oidc.sh read: the issuer of this start, the client's secret, the admin token.
writeFileSync(join(stateDir, 'issuer'), issuer);
const clientSecret = kept('client-secret', randomText);
const adminToken = kept('admin-token', randomText);
const cookieKey = kept('cookie-key', randomText);
async function signingKeys() {
  const file = join(stateDir, 'jwks.json');
  if (!existsSync(file)) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomBytes(8).toString('hex');
    const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    writeFileSync(file, JSON.stringify({ keys: [jwk] }), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}
const jwks = await signingKeys();

// Users: name → { passwordHash, salt, email, name, groups }.
const usersFile = join(stateDir, 'users.json');
const users = new Map(
  existsSync(usersFile) ? Object.entries(JSON.parse(readFileSync(usersFile, 'utf8'))) : [],
);
function saveUsers() {
  const temporary = `${usersFile}.tmp`;
  writeFileSync(temporary, JSON.stringify(Object.fromEntries(users), null, 2), { mode: 0o600 });
  renameSync(temporary, usersFile);
}
const hashOf = (password, salt) => scryptSync(password, salt, 32).toString('hex');
function putUser(name, { password, email, displayName, groups }) {
  const salt = randomBytes(16).toString('hex');
  users.set(name, {
    salt,
    passwordHash: hashOf(password, salt),
    email: email ?? `${name}@testbed.example`,
    name: displayName ?? name,
    groups: groups ?? [],
  });
  saveUsers();
}
function passwordMatches(name, password) {
  const user = users.get(name);
  const salt = user?.salt ?? '00';
  const given = Buffer.from(hashOf(password, salt), 'hex');
  const stored = Buffer.from(user?.passwordHash ?? '00'.repeat(32), 'hex');
  return user !== undefined && timingSafeEqual(given, stored);
}
// Two users for trying it out (`make up`); their passwords are in the state dir.
for (const [name, groups] of [
  ['alice', ['platform', 'developers']],
  ['bob', ['developers']],
]) {
  if (!users.has(name)) putUser(name, { password: kept(`password-${name}`, randomText), groups });
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      // A native client's loopback redirect URIs match on any port (RFC 8252), so operators on
      // every checkout's port (8080 for `make up`, the test port) share the one client.
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/login/callback'],
      post_logout_redirect_uris: ['http://127.0.0.1/login'],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  scopes: ['openid', 'profile', 'email', 'groups'],
  claims: {
    openid: ['sub'],
    profile: ['name', 'preferred_username'],
    email: ['email', 'email_verified'],
    groups: ['groups'],
  },
  async findAccount(_ctx, id) {
    const user = users.get(id);
    if (!user) return undefined;
    return {
      accountId: id,
      claims: async () => ({
        sub: id,
        preferred_username: id,
        name: user.name,
        email: user.email,
        email_verified: true,
        groups: user.groups,
      }),
    };
  },
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  cookies: { keys: [cookieKey] },
  jwks,
  ttl: {
    AccessToken: 600,
    AuthorizationCode: 60,
    IdToken: 600,
    Interaction: 600,
    Session: 3600,
    Grant: 3600,
  },
});

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res, status, title, body) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body><h1>${escape(title)}</h1>${body}</body></html>`);
}

function loginPage(res, uid, status = 200, error = '') {
  page(
    res,
    status,
    'Test-bed identity provider: sign in',
    `
${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
  <label>User name <input name="login" autocomplete="username" autofocus></label>
  <label>Password <input name="password" type="password" autocomplete="current-password"></label>
  <button type="submit">Sign in</button>
</form>`,
  );
}

function consentPage(res, uid, details) {
  const scopes = details.missingOIDCScope ?? [];
  page(
    res,
    200,
    'Test-bed identity provider: allow access',
    `
<p>Nimbus asks for: ${scopes.map(escape).join(', ') || 'nothing new'}</p>
<form method="post" action="/interaction/${escape(uid)}/confirm"><button type="submit">Allow</button></form>
<form method="post" action="/interaction/${escape(uid)}/abort"><button type="submit">Deny</button></form>`,
  );
}

async function readBody(req, limit = 64 * 1024) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

async function interaction(req, res, uid, action) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return page(res, 400, 'Unknown interaction', '');
  const { prompt, params, session } = details;
  if (req.method === 'GET' && !action) {
    return prompt.name === 'login' ? loginPage(res, uid) : consentPage(res, uid, prompt.details);
  }
  if (req.method !== 'POST') return page(res, 405, 'Method not allowed', '');
  if (action === 'login') {
    const form = new URLSearchParams(await readBody(req));
    const login = form.get('login') ?? '';
    if (!passwordMatches(login, form.get('password') ?? '')) {
      return loginPage(res, uid, 401, 'Wrong user name or password.');
    }
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: login } },
      {
        mergeWithLastSubmission: false,
      },
    );
  }
  if (action === 'abort') {
    return provider.interactionFinished(req, res, {
      error: 'access_denied',
      error_description: 'The user denied access',
    });
  }
  if (action === 'confirm') {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    const missing = prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      {
        mergeWithLastSubmission: true,
      },
    );
  }
  return page(res, 404, 'Not found', '');
}

function isAdmin(req) {
  const given = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${adminToken}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function admin(req, res, name) {
  if (!isAdmin(req)) return json(res, 401, { error: 'admin token required' });
  if (!/^[a-z0-9][a-z0-9._-]{0,62}$/.test(name)) return json(res, 400, { error: 'bad user name' });
  if (req.method === 'DELETE') {
    users.delete(name);
    saveUsers();
    return json(res, 200, { deleted: name });
  }
  if (req.method !== 'PUT') return json(res, 405, { error: 'PUT or DELETE' });
  const body = JSON.parse(await readBody(req));
  if (typeof body.password !== 'string' || body.password === '') {
    return json(res, 400, { error: 'password required' });
  }
  putUser(name, body);
  return json(res, 200, { user: name });
}

const handle = provider.callback();
createServer(async (req, res) => {
  try {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path === '/testbed/healthz') return json(res, 200, { issuer });
    const user = /^\/testbed\/users\/([^/]+)$/.exec(path);
    if (user) return await admin(req, res, decodeURIComponent(user[1]));
    const step = /^\/interaction\/([^/]+)(?:\/(login|confirm|abort))?$/.exec(path);
    if (step) return await interaction(req, res, step[1], step[2]);
    return handle(req, res);
  } catch (error) {
    process.stderr.write(`${error?.stack ?? error}\n`);
    if (!res.headersSent)
      page(
        res,
        500,
        'The test-bed provider failed',
        `<pre>${escape(error?.message ?? error)}</pre>`,
      );
    else res.end();
  }
}).listen(port, '127.0.0.1', () => process.stdout.write(`oidc provider on ${issuer}\n`));
