import { DOCS_URLS } from '../../constants';

/** SPEC §2: Chinese readers get the Chinese docs; English and Japanese readers the English ones. */
export const docsUrlFor = (language: string): string =>
  language.startsWith('zh') ? DOCS_URLS.zh : DOCS_URLS.en;
