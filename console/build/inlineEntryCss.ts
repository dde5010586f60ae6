import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;

const stylesheetLink = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

/**
 * `html` with each stylesheet link of the bundle replaced by a `<style>` holding the sheet.
 * A link to anything else is left as it is.
 */
export function inlineStylesheets(html: string, bundle: OutputBundle): string {
  return html.replace(stylesheetLink, (link, fileName: string) => {
    const asset = bundle[fileName];
    if (asset?.type !== 'asset') return link;
    const css =
      typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
    // A sheet cannot end the element early (end tags match in any case): `</style` cannot occur
    // in CSS outside a string, where `<\/style` reads the same.
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * The entry's stylesheet (the sign-in screen's, 2 kB compressed) goes into the page itself.
 * Chromium opens at most six connections to a host over HTTP/1.1, and the sign-in screen needed
 * seven files after the page: the seventh waited a round trip (0.56 s under Slow 4G) for a free
 * connection, and the form with it (docs/performance.md "Console start-up"). The operator's
 * policy allows inline styles already (operator/src/http/security.ts).
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'nimbus-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (context.bundle ? inlineStylesheets(html, context.bundle) : html),
    },
  };
}
