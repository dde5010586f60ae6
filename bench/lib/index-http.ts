// What a user sees of the index over HTTP (/crd.{host}: lists, pages, filters, search) and what
// the members' own API servers answer for the same objects, timed in the same run.
import { indexBenchClusters } from './index-iam.js';
import { call, type Member } from './member.js';
import type { OperatorApi } from './operator-api.js';
import { benchNamespace } from './seed.js';
import { time, type Timing } from './timing.js';

interface CrdPage {
  items: Array<{ metadata: { name: string; labels?: Record<string, string> } }>;
  nextCursor?: string;
}
interface SearchGroup {
  resources: Array<{ type: string; samples: unknown[] }>;
}

export interface IndexReader {
  list(kind: string, query?: string): Promise<CrdPage>;
  search(keyword: string): Promise<SearchGroup[]>;
}

export function indexReader(api: OperatorApi, token: string, host = 'nimbus.io'): IndexReader {
  return {
    list: (kind, query = '') => api.call<CrdPage>('GET', `crd.${host}/${kind}?${query}`, token),
    search: (keyword) =>
      api.call<SearchGroup[]>(
        'GET',
        `crd.${host}/search?keyword=${encodeURIComponent(keyword)}`,
        token,
      ),
  };
}

/** The cursor of page `pages + 1` of 50, following nextCursor; fewer pages if the list ends. */
async function deepCursor(reader: IndexReader, kind: string, pages: number) {
  let cursor: string | undefined;
  let page = 1;
  for (; page <= pages; page++) {
    const next: string | undefined = (
      await reader.list(kind, `pageSize=50${cursor ? `&cursor=${cursor}` : ''}`)
    ).nextCursor;
    if (!next) break;
    cursor = encodeURIComponent(next);
  }
  return { cursor, page };
}

/** The user's reads over HTTP; also checks that kinds outside the role stay invisible. */
export async function timeIndexReads(
  reader: IndexReader,
  runs: number,
  probe: number,
): Promise<Timing[]> {
  for (const kind of ['secrets', 'services', 'nodes']) {
    if ((await reader.list(kind)).items.length > 0) throw new Error(`the reader lists ${kind}`);
  }
  const deep = await deepCursor(reader, 'pods', 100);
  const ns = `namespace=${benchNamespace}`;
  return [
    await time('configmaps, first page of 50 (both clusters)', runs, () =>
      reader.list('configmaps', 'pageSize=50'),
    ),
    await time('pods, first page of 50 (both clusters)', runs, () =>
      reader.list('pods', 'pageSize=50'),
    ),
    await time(`pods, page ${deep.page} of 50 (cursor)`, runs, () =>
      reader.list('pods', `pageSize=50${deep.cursor ? `&cursor=${deep.cursor}` : ''}`),
    ),
    await time('pods, newest first, page of 50', runs, () =>
      reader.list('pods', 'pageSize=50&sort=created&order=desc'),
    ),
    await time(`pods, ${benchNamespace} + label app:app-42, page of 50`, runs, () =>
      reader.list('pods', `${ns}&label=app:app-42&pageSize=50`),
    ),
    await time(`configmaps, name contains "bench-${probe}", page of 50`, runs, () =>
      reader.list('configmaps', `name=bench-${probe}&pageSize=50`),
    ),
    await time(`search "bench-pod-${probe}"`, runs, () => reader.search(`bench-pod-${probe}`)),
    await time(`search "app-42" (label text, many hits)`, runs, () => reader.search('app-42')),
  ];
}

/** The member's own answers to the same questions, as the member's administrator. */
export async function timeMemberReads(member: Member, runs: number): Promise<Timing[]> {
  const base = `/api/v1/namespaces/${benchNamespace}`;
  const get = async (path: string) => {
    const answer = await call(member, 'GET', path);
    if (answer.status !== 200) throw new Error(`${member.name} ${path}: ${answer.status}`);
    return answer.body as { metadata?: { continue?: string } };
  };
  let token = '';
  let page = 1;
  for (; page <= 100; page++) {
    const next = (await get(`${base}/pods?limit=50${token}`)).metadata?.continue;
    if (!next) break;
    token = `&continue=${encodeURIComponent(next)}`;
  }
  const at = `${member.name}`;
  return [
    await time(`${at}: configmaps ?limit=50`, runs, () => get(`${base}/configmaps?limit=50`)),
    await time(`${at}: pods ?limit=50`, runs, () => get(`${base}/pods?limit=50`)),
    await time(`${at}: pods ?limit=50, page ${page} (continue)`, runs, () =>
      get(`${base}/pods?limit=50${token}`),
    ),
    await time(`${at}: pods ?labelSelector=app=app-42&limit=50`, runs, () =>
      get(`${base}/pods?labelSelector=app%3Dapp-42&limit=50`),
    ),
  ];
}

/** A label set on the member, until the user's filtered list over HTTP shows it. */
export async function timeChangeToIndex(
  member: Member,
  reader: IndexReader,
  plural: 'configmaps' | 'pods',
  name: string,
  runs: number,
): Promise<Timing> {
  let n = 0;
  const cluster = indexBenchClusters[member.name as keyof typeof indexBenchClusters];
  return time(`${plural}: PATCH on ${member.name} until listed over HTTP`, runs, async () => {
    const revision = `r${Date.now().toString(36)}${n++}`;
    const path = `/api/v1/namespaces/${benchNamespace}/${plural}/${name}`;
    const patch = { metadata: { labels: { 'bench-rev': revision } } };
    const answer = await call(member, 'PATCH', path, patch, 'application/merge-patch+json');
    if (answer.status !== 200) throw new Error(`PATCH ${path}: ${answer.status}`);
    const query = `cluster=${cluster}&namespace=${benchNamespace}&name=${name}&label=bench-rev:${revision}&pageSize=1`;
    const deadline = Date.now() + 30_000;
    while ((await reader.list(plural, query)).items.length === 0) {
      if (Date.now() > deadline) throw new Error(`${name}: ${revision} never indexed`);
    }
  });
}
