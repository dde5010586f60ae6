// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { GuideSource } from './userGuide.ts';
import { GuideError, guideLanguages, guidePageOrder, renderLanguage } from './userGuide.ts';

const guideDir = fileURLToPath(new URL('../../docs/user-guide', import.meta.url));

/** A complete set of pages, each only its title unless overridden. */
function pages(overrides: Record<string, string> = {}): GuideSource[] {
  return guidePageOrder.map((slug) => ({
    slug,
    markdown: overrides[slug] ?? `# Title of ${slug}\n`,
  }));
}

const htmlOf = (rendered: { path: string; html: string }[], path: string): string =>
  rendered.find((page) => page.path === path)?.html ?? '';

describe('renderLanguage', () => {
  it('turns links between pages into .html links and titles the pages', () => {
    const rendered = renderLanguage(
      'en',
      pages({
        index: '# The guide\n\nSee [audit](audit.md#who) and [Kubernetes](https://kubernetes.io/).',
      }),
    );
    expect(rendered.map((page) => page.path)).toEqual(
      guidePageOrder.map((slug) => `en/${slug}.html`),
    );
    const index = htmlOf(rendered, 'en/index.html');
    expect(index).toContain('<title>The guide</title>');
    expect(index).toContain('<a href="audit.html#who">audit</a>');
    expect(index).toContain('<a href="https://kubernetes.io/">Kubernetes</a>');
    expect(index).toContain('<a href="../zh/index.html" hreflang="zh" lang="zh">中文</a>');
    expect(index).toContain('<a href="../ja/index.html" hreflang="ja" lang="ja">日本語</a>');
    expect(htmlOf(rendered, 'en/audit.html')).toContain(
      '<title>Title of audit · The guide</title>',
    );
  });

  it('never passes raw HTML or script links through', () => {
    const rendered = renderLanguage(
      'en',
      pages({
        index: '# Guide <b>bold</b>\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))',
      }),
    );
    const index = htmlOf(rendered, 'en/index.html');
    expect(index).not.toContain('<script>');
    expect(index).not.toContain('<b>');
    expect(index).not.toContain('href="javascript:');
    expect(index).toContain('&lt;script&gt;');
  });

  it('refuses a link to a missing page, a missing page and a page without a title', () => {
    expect(() => renderLanguage('en', pages({ mfa: '# MFA\n\n[gone](nowhere.md)' }))).toThrow(
      'mfa.md links to nowhere.md, which is not a page',
    );
    expect(() =>
      renderLanguage(
        'en',
        pages().filter((page) => page.slug !== 'audit'),
      ),
    ).toThrow('missing pages [audit]');
    expect(() => renderLanguage('en', pages({ audit: 'no heading' }))).toThrow(GuideError);
  });

  it('joins Japanese lines without a space, as Chinese ones', () => {
    const rendered = renderLanguage('ja', pages({ index: '# ガイド\n\n一行目\nの続き' }));
    expect(htmlOf(rendered, 'ja/index.html')).toContain('<p>一行目の続き</p>');
    expect(htmlOf(rendered, 'ja/index.html')).toContain('<html lang="ja">');
  });

  it('joins Chinese lines without the space a line break would show', () => {
    const rendered = renderLanguage(
      'zh',
      pages({ index: '# 指南\n\n第一行\n第二行\n\nEnglish\nwords' }),
    );
    const index = htmlOf(rendered, 'zh/index.html');
    expect(index).toContain('<p>第一行第二行</p>');
    expect(index).toContain('<p>English\nwords</p>');
  });
});

describe('the guide in docs/user-guide', () => {
  it.each(guideLanguages)(
    '%s has every page, and every link between pages resolves',
    (language) => {
      const dir = join(guideDir, language);
      const sources = readdirSync(dir).map((file) => ({
        slug: file.replace(/\.md$/, ''),
        markdown: readFileSync(join(dir, file), 'utf8'),
      }));
      const rendered = renderLanguage(language, sources);
      expect(rendered).toHaveLength(guidePageOrder.length);
    },
  );
});
