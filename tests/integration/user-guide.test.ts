// The user guide as the operator under test serves it from the console build: real HTML rendered
// from docs/user-guide at build time, in English, Chinese and Japanese, with working links between pages.
import { describe, expect, it } from 'vitest';
import { testEnv } from '../support/env.js';

const get = (path: string) => fetch(`${testEnv.operatorUrl}${path}`, { redirect: 'manual' });

describe.each([
  { language: 'en', title: 'Nimbus user guide', page: 'Users, groups, roles and cluster bindings' },
  { language: 'zh', title: 'Nimbus 用户指南', page: '用户、用户组、角色与集群绑定' },
  {
    language: 'ja',
    title: 'Nimbus ユーザーガイド',
    page: 'ユーザー、グループ、ロールとクラスターバインディング',
  },
])('the $language guide', ({ language, title, page }) => {
  it(`answers /docs/${language}/ with the guide's HTML`, async () => {
    const response = await get(`/docs/${language}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await response.text();
    expect(html).toContain(`<html lang="${language}">`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<h1>${title}</h1>`);
  });

  it('follows a link of the index to a page, and the page to its stylesheet', async () => {
    const index = await (await get(`/docs/${language}/`)).text();
    const href = /<a href="(access\.html)">/.exec(index)?.[1];
    expect(href).toBe('access.html');
    const response = await get(new URL(href ?? '', `http://x/docs/${language}/`).pathname);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1>${page}</h1>`);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1] ?? '';
    const css = await get(new URL(stylesheet, `http://x/docs/${language}/access.html`).pathname);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });
});

it('answers an unknown guide page with 404, not the console', async () => {
  const response = await get('/docs/en/no-such-page.html');
  expect(response.status).toBe(404);
  expect(await response.text()).not.toContain('<div id="root">');
});
