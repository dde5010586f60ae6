// A stand-in for Docker Hub's public catalogue at the HTTP boundary, on 127.0.0.1:<port base + 42>
// where the operator under test looks for it (hack/operator.sh, docs/testbed.md): the v3
// catalogue search and a repository's tag list, refusing what the real service refuses (a page
// over 100, an unknown repository) and recording every request, so that a journey can say what
// the operator asked and when.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export const dockerHubFakePort = Number(process.env.NIMBUS_TESTBED_PORT_BASE ?? 16440) + 42;

export interface FakeRepository {
  /** namespace/name, as the tag API addresses it (`library/nginx`). */
  repository: string;
  /** What the search answers as name and slug (`nginx` for an official image). */
  slug: string;
  description: string;
  tags: ReadonlyArray<{ name: string; pushed: string }>;
}

export interface DockerHubFake {
  /** The `query` of every search, in order. */
  readonly searches: string[];
  /** The repository of every tag list read, in order. */
  readonly tagReads: string[];
  /** Searches for these words answer 503, as the real service does when it is overloaded. */
  readonly failing: Set<string>;
  close(): Promise<void>;
}

const MAX_PAGE = 100;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A whole number in [min, max], or undefined. */
function bounded(text: string | null, min: number, max: number): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

export async function startDockerHubFake(
  repositories: readonly FakeRepository[],
): Promise<DockerHubFake> {
  const fake = { searches: [] as string[], tagReads: [] as string[], failing: new Set<string>() };

  const search = (url: URL, res: ServerResponse) => {
    const query = url.searchParams.get('query') ?? '';
    fake.searches.push(query);
    const from = bounded(url.searchParams.get('from'), 0, 10_000);
    const size = bounded(url.searchParams.get('size'), 1, MAX_PAGE);
    if (from === undefined || size === undefined) {
      send(res, 400, { message: 'from and size must be whole numbers, size at most 100' });
      return;
    }
    if (fake.failing.has(query)) {
      send(res, 503, { message: 'service unavailable' });
      return;
    }
    const found = repositories.filter((repo) => repo.slug.includes(query.toLowerCase()));
    send(res, 200, {
      total: found.length,
      results: found.slice(from, from + size).map((repo) => ({
        name: repo.slug,
        slug: repo.slug,
        short_description: repo.description,
        logo_url: {},
      })),
    });
  };

  const tags = (repository: string, url: URL, res: ServerResponse) => {
    fake.tagReads.push(repository);
    if (bounded(url.searchParams.get('page_size'), 1, MAX_PAGE) === undefined) {
      send(res, 400, { message: 'page_size must be between 1 and 100' });
      return;
    }
    const repo = repositories.find((candidate) => candidate.repository === repository);
    if (!repo) {
      send(res, 404, { message: 'object not found', errinfo: {} });
      return;
    }
    send(res, 200, {
      count: repo.tags.length,
      next: null,
      previous: null,
      results: repo.tags.map((tag) => ({
        name: tag.name,
        last_updated: tag.pushed,
        tag_last_pushed: tag.pushed,
        digest: `sha256:${'0'.repeat(64)}`,
      })),
    });
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://docker-hub.fake');
    const tagPath = /^\/v2\/repositories\/([a-z0-9._-]+\/[a-z0-9._-]+)\/tags\/?$/.exec(
      url.pathname,
    );
    if (req.method !== 'GET') send(res, 405, { message: 'method not allowed' });
    else if (url.pathname === '/api/search/v3/catalog/search') search(url, res);
    else if (tagPath?.[1]) tags(tagPath[1], url, res);
    else send(res, 404, { message: 'page not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(dockerHubFakePort, '127.0.0.1', () => resolve());
  });
  return {
    ...fake,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
