import { DOCS_URLS } from '../../constants';

/** The guide in the reader's language: Chinese, Japanese, else English. */
export const docsUrlFor = (language: string): string =>
  language.startsWith('zh')
    ? DOCS_URLS.zh
    : language.startsWith('ja')
      ? DOCS_URLS.ja
      : DOCS_URLS.en;
