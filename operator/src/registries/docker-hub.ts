import { z } from 'zod';
import { notFound } from '../core/problems.js';
import type { LoginContext } from './logins.js';
import { registryUnreachable } from './registry-http.js';

/**
 * Docker Hub's public catalogue: its search API (v3 catalog search, whose items give the
 * name/slug/short_description/logo_url) and its tag API. Anonymous; the base URL is the
 * `dockerHub` vendor endpoint (NIMBUS_DOCKERHUB_ENDPOINT), which tests point at a fake.
 */
export const defaultDockerHubEndpoint = 'https://hub.docker.com';
const deadlineMs = 10_000;
const maxBytes = 2 * 1024 * 1024;

const searchAnswer = z.object({
  total: z.number().int().min(0).catch(0),
  results: z
    .array(
      z.object({
        name: z.string(),
        slug: z.string(),
        short_description: z.string().nullish(),
        logo_url: z
          .object({ small: z.string().optional(), large: z.string().optional() })
          .nullish(),
      }),
    )
    .catch([]),
});

const tagsAnswer = z.object({
  results: z
    .array(
      z.object({
        name: z.string(),
        digest: z.string().nullish(),
        tag_last_pushed: z.string().nullish(),
        last_updated: z.string().nullish(),
      }),
    )
    .catch([]),
});

/**
 * The JSON Docker Hub answers at `url`. A 404 means `missing` is not there (a repository typed
 * by hand that Docker Hub does not have), not that Docker Hub is out of reach.
 */
async function getJson(ctx: LoginContext, url: URL, missing = 'Docker Hub page'): Promise<unknown> {
  let response: Response;
  try {
    response = await ctx.fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(deadlineMs),
    });
  } catch (error) {
    throw registryUnreachable('Docker Hub could not be reached', error);
  }
  const text = await response.text();
  if (text.length > maxBytes) throw registryUnreachable('Docker Hub answered too much');
  if (response.status === 404) throw notFound(missing);
  if (!response.ok) throw registryUnreachable(`Docker Hub answered HTTP ${response.status}`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw registryUnreachable('Docker Hub answered something that is not JSON', error);
  }
}

function base(ctx: LoginContext): string {
  return (ctx.endpoints['dockerHub'] ?? defaultDockerHubEndpoint).replace(/\/+$/, '');
}

export async function searchDockerHub(
  ctx: LoginContext,
  query: { page: number; pageSize: number; search: string },
) {
  const url = new URL(`${base(ctx)}/api/search/v3/catalog/search`);
  url.searchParams.set('query', query.search);
  url.searchParams.set('from', String((query.page - 1) * query.pageSize));
  url.searchParams.set('size', String(query.pageSize));
  const answer = searchAnswer.parse(await getJson(ctx, url));
  return {
    total: answer.total,
    items: answer.results.map((item) => ({
      name: item.name,
      slug: item.slug,
      short_description: item.short_description ?? '',
      logo_url: {
        ...(item.logo_url?.small ? { small: item.logo_url.small } : {}),
        ...(item.logo_url?.large ? { large: item.logo_url.large } : {}),
      },
    })),
  };
}

/** Tags of a Docker Hub repository (namespace/name), one item per tag, newest first. */
export async function dockerHubTags(ctx: LoginContext, repository: string) {
  const url = new URL(`${base(ctx)}/v2/repositories/${repository}/tags`);
  url.searchParams.set('page_size', '100');
  const answer = tagsAnswer.parse(
    await getJson(ctx, url, `repository ${repository} on Docker Hub`),
  );
  return answer.results
    .map((tag) => {
      const pushed = tag.tag_last_pushed ?? tag.last_updated;
      return {
        imageTags: [tag.name],
        ...(pushed && !Number.isNaN(Date.parse(pushed))
          ? { imagePushedAt: new Date(pushed).toISOString() }
          : {}),
        ...(tag.digest ? { digest: tag.digest } : {}),
      };
    })
    .sort((a, b) => (b.imagePushedAt ?? '').localeCompare(a.imagePushedAt ?? ''));
}
