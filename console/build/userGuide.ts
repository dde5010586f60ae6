// Renders the user guide (docs/user-guide/<lang>/*.md, written in the repository) to static HTML
// at build time. Raw HTML in the Markdown is not passed through (markdown-it's html: false), the
// pages carry no script, and they use one stylesheet, so they fit the console's CSP as they are.
import MarkdownIt from 'markdown-it';

export const guideLanguages = ['en', 'zh', 'ja'] as const;
export type GuideLanguage = (typeof guideLanguages)[number];

/** Page order of the navigation; every language has exactly these pages. */
export const guidePageOrder = [
  'index',
  'getting-started',
  'organizations',
  'access',
  'clusters',
  'search',
  'applications',
  'namespaces-nodes',
  'logs-shell',
  'monitoring',
  'alarms',
  'registries-appstore',
  'cost',
  'audit',
  'open-api',
  'mfa',
  'single-sign-on',
  'yaml',
] as const;

const languageNames: Record<GuideLanguage, string> = { en: 'English', zh: '中文', ja: '日本語' };
const consoleLabel: Record<GuideLanguage, string> = {
  en: 'Open the console',
  zh: '打开控制台',
  ja: 'コンソールを開く',
};

export interface GuideSource {
  slug: string;
  markdown: string;
}

export interface RenderedPage {
  /** Path under the guide's output directory, e.g. en/index.html. */
  path: string;
  html: string;
}

export class GuideError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GuideError';
  }
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

// A line break inside a paragraph is a space in HTML; between Chinese characters that space shows.
const cjk = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;
markdown.renderer.rules.softbreak = (tokens, index) => {
  const before = tokens[index - 1]?.content.slice(-1) ?? '';
  const after = tokens[index + 1]?.content.slice(0, 1) ?? '';
  return cjk.test(before) || cjk.test(after) ? '' : '\n';
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The first level-one heading is the page's title. */
export function titleOf(source: GuideSource): string {
  const heading = /^# (.+)$/m.exec(source.markdown)?.[1]?.trim();
  if (!heading) throw new GuideError(`${source.slug}.md has no "# Title" line`);
  return heading;
}

const pageLink = /^([a-z0-9-]+)\.md(#[-a-z0-9]*)?$/;

/**
 * Markdown links between pages are written `other-page.md` (so they also work when browsing the
 * repository); they become `other-page.html`. A link to a page that does not exist fails the build.
 */
function renderBody(source: GuideSource, known: ReadonlySet<string>): string {
  const tokens = markdown.parse(source.markdown, {});
  for (const token of tokens) {
    for (const child of token.children ?? []) {
      if (child.type !== 'link_open') continue;
      const href = String(child.attrGet('href') ?? '');
      const match = pageLink.exec(href);
      if (match) {
        const [, target = '', anchor = ''] = match;
        if (!known.has(target)) {
          throw new GuideError(`${source.slug}.md links to ${href}, which is not a page`);
        }
        child.attrSet('href', `${target}.html${anchor}`);
      } else if (/^[a-z]+:/i.test(href) && !/^https?:/i.test(href)) {
        throw new GuideError(`${source.slug}.md links to ${href}: only http(s) links are allowed`);
      }
    }
  }
  return markdown.renderer.render(tokens, markdown.options, {});
}

function navigation(
  pages: readonly GuideSource[],
  current: string,
  titles: ReadonlyMap<string, string>,
): string {
  const items = pages.map((page) => {
    const title = escapeHtml(titles.get(page.slug) ?? page.slug);
    const attributes = page.slug === current ? ' aria-current="page"' : '';
    return `<li><a href="${page.slug}.html"${attributes}>${title}</a></li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function languageSwitch(language: GuideLanguage, slug: string): string {
  return guideLanguages
    .filter((other) => other !== language)
    .map(
      (other) =>
        `<a href="../${other}/${slug}.html" hreflang="${other}" lang="${other}">${languageNames[other]}</a>`,
    )
    .join(' ');
}

/** Every page of one language, checked for the expected set of pages and their links. */
export function renderLanguage(
  language: GuideLanguage,
  sources: readonly GuideSource[],
): RenderedPage[] {
  const bySlug = new Map(sources.map((source) => [source.slug, source]));
  const missing = guidePageOrder.filter((slug) => !bySlug.has(slug));
  const extra = sources.filter(
    (source) => !(guidePageOrder as readonly string[]).includes(source.slug),
  );
  if (missing.length > 0 || extra.length > 0) {
    throw new GuideError(
      `user guide ${language}: missing pages [${missing.join(', ')}], unexpected pages [${extra
        .map((source) => source.slug)
        .join(', ')}]`,
    );
  }
  const pages = guidePageOrder.map((slug) => bySlug.get(slug) as GuideSource);
  const titles = new Map(pages.map((page) => [page.slug, titleOf(page)]));
  const known = new Set<string>(guidePageOrder);
  const guideTitle = escapeHtml(titles.get('index') ?? '');
  return pages.map((page) => {
    const title = escapeHtml(titles.get(page.slug) ?? '');
    const headTitle = page.slug === 'index' ? guideTitle : `${title} · ${guideTitle}`;
    const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${headTitle}</title>
<link rel="stylesheet" href="../guide.css" />
</head>
<body>
<header class="guide-header">
<a class="guide-home" href="index.html">${guideTitle}</a>
<span class="guide-links">${languageSwitch(language, page.slug)} <a href="/">${consoleLabel[language]}</a></span>
</header>
<div class="guide-layout">
<nav class="guide-nav">${navigation(pages, page.slug, titles)}</nav>
<main class="guide-main">
${renderBody(page, known)}</main>
</div>
</body>
</html>
`;
    return { path: `${language}/${page.slug}.html`, html };
  });
}
