import { startVendorFake, type RunningFake } from './vendor-fake-server.js';

/**
 * Docker Hub's public APIs as Nimbus calls them: v3 catalog search (query, from, size) and a
 * repository's tags. Anonymous, like the real ones; anything carrying credentials is refused.
 */
export interface DockerHubFakeImage {
  name: string;
  slug: string;
  short_description: string;
  tags: { name: string; tag_last_pushed: string; digest: string }[];
}

export function startDockerHubFake(images: DockerHubFakeImage[]): Promise<RunningFake> {
  return startVendorFake((request) => {
    if (request.headers['authorization'])
      return { status: 401, body: { message: 'anonymous only' } };
    if (request.path === '/api/search/v3/catalog/search') {
      const query = request.query.get('query') ?? '';
      const from = Number(request.query.get('from') ?? '0');
      const size = Number(request.query.get('size') ?? '25');
      const hits = images.filter((image) => image.name.includes(query));
      return {
        status: 200,
        body: {
          total: hits.length,
          results: hits.slice(from, from + size).map(({ tags: _tags, ...image }) => ({
            ...image,
            type: 'image',
            logo_url: {
              small: `https://logos.example/${image.slug}-s.png`,
              large: `https://logos.example/${image.slug}.png`,
            },
          })),
        },
      };
    }
    const tags = /^\/v2\/repositories\/(.+)\/tags$/.exec(request.path);
    const image = tags && images.find((candidate) => candidate.slug === tags[1]);
    if (image) return { status: 200, body: { count: image.tags.length, results: image.tags } };
    return { status: 404, body: { message: 'object not found' } };
  });
}
