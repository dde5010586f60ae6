// The release's system administrator: bootstrapped by the pods, its password read from the
// initial-admin Secret (the operator never logs it), then changed as a first sign-in must.
import { api, login } from '../../support/api.js';
import { eventually } from '../../support/eventually.js';
import { hub, hubJson, initialAdminSecret, namespace } from './release.js';

export const adminName = 'admin';

/** What the install phase learnt, for the phases after it. */
export const adminSession = { password: '', token: '' };

interface Secret {
  data?: Record<string, string>;
}

/** username and password of the initial-admin Secret, once the pods wrote it. */
export async function initialAdmin(): Promise<{ username: string; password: string }> {
  const read = () => {
    const result = hub(['get', 'secret', '-n', namespace, initialAdminSecret, '-o', 'json']);
    if (result.status !== 0) return undefined;
    const data = (JSON.parse(result.stdout) as Secret).data ?? {};
    const decode = (key: string) => Buffer.from(data[key] ?? '', 'base64').toString('utf8');
    return { username: decode('username'), password: decode('password') };
  };
  const secret = await eventually(read, (value) => value !== undefined, 90_000);
  if (!secret) throw new Error(`Secret ${namespace}/${initialAdminSecret} never appeared`);
  return secret;
}

/**
 * A fresh install's identity state: no system administrator (so the pods bootstrap `admin`) and
 * no initial-admin Secret left by an operator that ran against this hub before.
 */
export function forgetAdministrators(): void {
  const users = hubJson<{ items: { metadata: { name: string }; spec: { sysAdmin?: boolean } }[] }>([
    'get',
    'users.nimbus.io',
  ]).items.filter((user) => user.spec.sysAdmin === true);
  for (const user of users) hub(['delete', 'users.nimbus.io', user.metadata.name, '--wait=true']);
  hub(['delete', 'secret', '-n', namespace, initialAdminSecret, '--ignore-not-found']);
}

/** Signs the admin in at `baseUrl` with the password the install phase set. */
export async function adminToken(baseUrl: string): Promise<string> {
  const response = await login(adminName, adminSession.password, undefined, baseUrl);
  if (response.body.code !== 0) throw new Error(`admin login at ${baseUrl}: ${response.text}`);
  return response.body.data.token;
}

export async function changePassword(
  baseUrl: string,
  token: string,
  oldPassword: string,
  password: string,
) {
  return api('PUT', 'iam', '/users', {
    baseUrl,
    token,
    body: {
      userName: adminName,
      updateType: 'password',
      oldPassword,
      password,
      verifyPassword: password,
    },
  });
}
