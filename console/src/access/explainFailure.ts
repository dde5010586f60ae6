import type { TFunction } from 'i18next';

/** Why an explanation could not be shown: the server's message, else a general one. */
export function explainFailure(error: unknown, t: TFunction): string | undefined {
  if (!error) return undefined;
  if (typeof error === 'object' && 'data' in error) {
    return String((error.data as { message?: string } | undefined)?.message ?? '');
  }
  return t('explain.failed');
}
