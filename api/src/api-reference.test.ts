import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { apiReferenceMarkdown } from './api-reference.js';
import { endpoints } from './endpoints/all.js';
import { openApiDocument } from './openapi.js';

const file = new URL('../../docs/api-reference.md', import.meta.url);
const options = { title: 'Nimbus API', version: 'reference', host: '{host}', basePath: '/api/v1' };

async function expected(): Promise<string> {
  const filepath = fileURLToPath(file);
  const text = apiReferenceMarkdown(openApiDocument(endpoints, options));
  return format(text, { ...(await resolveConfig(filepath)), filepath });
}

describe('docs/api-reference.md', () => {
  it('is the route tables of the OpenAPI document, as generated', async () => {
    const text = await expected();
    if (process.env.NIMBUS_WRITE_GENERATED === '1') writeFileSync(file, text);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('lists every declared call once, with its operation id', async () => {
    const text = await expected();
    for (const id of Object.keys(endpoints)) {
      expect(text.split(`\`${id}\`:`)).toHaveLength(2);
    }
  });
});
