import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDockerHubFake } from '../testing/fakes/docker-hub-fake.js';
import type { RunningFake } from '../testing/fakes/vendor-fake-server.js';
import { dockerHubTags, searchDockerHub } from './docker-hub.js';
import type { LoginContext } from './logins.js';

let fake: RunningFake;
let context: LoginContext;

beforeEach(async () => {
  fake = await startDockerHubFake([
    {
      name: 'nginx',
      slug: 'library/nginx',
      short_description: 'Official build of Nginx.',
      tags: [
        {
          name: '1.27',
          tag_last_pushed: '2026-05-01T00:00:00Z',
          digest: 'sha256:' + 'a'.repeat(64),
        },
        {
          name: '1.28',
          tag_last_pushed: '2026-06-01T00:00:00Z',
          digest: 'sha256:' + 'b'.repeat(64),
        },
      ],
    },
    {
      name: 'nginx-unprivileged',
      slug: 'nginxinc/nginx-unprivileged',
      short_description: '',
      tags: [],
    },
    { name: 'redis', slug: 'library/redis', short_description: 'Redis.', tags: [] },
  ]);
  context = { endpoints: { dockerHub: fake.url }, fetch, now: () => new Date() };
});

afterEach(() => fake.close());

describe('Docker Hub', () => {
  it('searches the catalogue with from/size from page and pageSize', async () => {
    const page = await searchDockerHub(context, { page: 2, pageSize: 1, search: 'nginx' });
    expect(page).toEqual({
      total: 2,
      items: [
        {
          name: 'nginx-unprivileged',
          slug: 'nginxinc/nginx-unprivileged',
          short_description: '',
          logo_url: {
            small: 'https://logos.example/nginxinc/nginx-unprivileged-s.png',
            large: 'https://logos.example/nginxinc/nginx-unprivileged.png',
          },
        },
      ],
    });
    const sent = fake.received.at(-1);
    expect(sent?.query.get('from')).toBe('1');
    expect(sent?.query.get('size')).toBe('1');
    expect(sent?.headers['authorization']).toBeUndefined();
  });

  it("lists a repository's tags newest first", async () => {
    const tags = await dockerHubTags(context, 'library/nginx');
    expect(tags.map((t) => t.imageTags[0])).toEqual(['1.28', '1.27']);
    expect(tags[0]?.imagePushedAt).toBe('2026-06-01T00:00:00.000Z');
  });

  it('an unknown repository is 1004 naming it, not an unreachable Docker Hub', async () => {
    await expect(dockerHubTags(context, 'library/none')).rejects.toMatchObject({
      entry: { code: 1004 },
      message: 'repository library/none on Docker Hub not found',
    });
  });
});
