// What the index benches set up on the test bed, shared by bench/index-operator.ts (one operator)
// and bench/shared-store.ts (the stores side by side): the bench objects in both members, the
// bench's people in the hub, and the waits between.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { clearThroughEtcd, etcdUrlOf, seedThroughEtcd } from './etcd-seed.js';
import { deadComponents } from './freeze.js';
import type { Hub } from './hub.js';
import * as people from './index-iam.js';
import { call, type Member } from './member.js';
import type { OperatorApi } from './operator-api.js';
import { configMaps, createObjects, freshNamespace, pendingPods, removeNamespace } from './seed.js';

export const benchPlurals = [configMaps.plural, pendingPods.plural];
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  ms = 180_000,
  everyMs = 250,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(everyMs);
  }
}

/** Empties the bench namespace in etcd first: the namespace controller takes hours at a million. */
export async function emptyAndRemoveNamespace(root: string, m: Member): Promise<void> {
  await clearThroughEtcd(etcdUrlOf(root, m.name), benchPlurals);
  await removeNamespace(m, true);
}

export interface SeedOptions {
  perMember: number;
  through: 'etcd' | 'api';
  inFlight: number;
}

export type SeedRates = Array<{ label: string; objects: number; ms: number }>;

/** perMember ConfigMaps and as many Pods in each member's bench namespace; the rates. */
export async function seedMembers(
  root: string,
  members: readonly Member[],
  options: SeedOptions,
): Promise<SeedRates> {
  const rates: SeedRates = [];
  await Promise.all(
    members.map(async (m) => {
      await clearThroughEtcd(etcdUrlOf(root, m.name), benchPlurals);
      await freshNamespace(m);
      for (const kind of [configMaps, pendingPods]) {
        console.log(
          `${m.name}: creating ${options.perMember} ${kind.plural} through ${options.through}`,
        );
        const ms =
          options.through === 'etcd'
            ? await seedThroughEtcd(m, etcdUrlOf(root, m.name), kind, options.perMember)
            : await createObjects(m, kind, options.perMember, options.inFlight);
        const how =
          options.through === 'etcd'
            ? 'written to etcd, until listed'
            : `POST, ${options.inFlight} in flight`;
        rates.push({
          label: `${m.name}: create ${kind.plural} (${how})`,
          objects: options.perMember,
          ms,
        });
      }
    }),
  );
  restartDeadComponents(
    root,
    members.map((m) => m.name),
  );
  return rates;
}

/** The bench's administrator and reader, applied to the hub; their tokens from `api`. */
export async function setUpPeople(
  hub: Hub,
  api: OperatorApi,
  namespace: string,
  password: string,
  clusters?: readonly string[],
) {
  hub.apply(people.indexBenchPeople(namespace, password, clusters), 'bench-index');
  for (const name of [people.indexBenchAdmin, people.indexBenchUser]) {
    await waitFor(name, () => hub.condition('users.nimbus.io', name, 'Ready') === 'True');
  }
  return signInPeople(api, password);
}

/** Signs the bench's administrator and reader in at `api`. */
export async function signInPeople(api: OperatorApi, password: string) {
  const login = (userName: string) =>
    api.call<{ token: string }>('POST', 'auth.nimbus.io/login', undefined, {
      userName,
      password,
    });
  return {
    admin: (await login(people.indexBenchAdmin)).token,
    reader: (await login(people.indexBenchUser)).token,
  };
}

/** Objects of a kind in all namespaces of a member, from a list of one. */
export async function countOf(m: Member, plural: string): Promise<number> {
  const answer = await call(m, 'GET', `/api/v1/${plural}?limit=1`);
  const list = answer.body as { items?: unknown[]; metadata?: { remainingItemCount?: number } };
  return (list.items?.length ?? 0) + (list.metadata?.remainingItemCount ?? 0);
}

/** Everything of the reader's kinds each member holds, by `<bench cluster>/<kind>`. */
export async function wantedObjects(members: readonly Member[]): Promise<Map<string, number>> {
  const wanted = new Map<string, number>();
  for (const m of members) {
    for (const kind of people.listableByReader) {
      wanted.set(
        `${people.indexBenchClusters[m.name as 'member-a']}/${kind}`,
        await countOf(m, kind),
      );
    }
  }
  return wanted;
}

/**
 * Starts again any member component that exited: a controller-manager or scheduler may lose its
 * lease while its API server takes in half a million objects or is frozen.
 */
export function restartDeadComponents(root: string, names: readonly string[]): void {
  for (const m of names) {
    const dead = deadComponents(root, m);
    if (dead.length === 0) continue;
    console.log(`${m}: ${dead.join(', ')} exited meanwhile; starting them again`);
    spawnSync(join(root, 'hack/testbed/restart-apiserver.sh'), ['start', m], { stdio: 'inherit' });
  }
}
