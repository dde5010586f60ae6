import { useMatches } from 'react-router';
import type { TranslationKey } from '../i18n/translationKey';

/** Route `handle` of every page: what the document title and page headings are read from. */
export interface PageHandle {
  titleKey: TranslationKey;
}

const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && 'titleKey' in handle;

/** Title key of the deepest matched page, if any. */
export function usePageTitleKey(): TranslationKey | undefined {
  return useMatches()
    .map((match) => match.handle)
    .findLast(isPageHandle)?.titleKey;
}
