import { errorCatalogue } from '@nimbus/api/shared';
import type { TFunction } from 'i18next';
import type { EnvelopeErrorData } from '../apiClient/envelope';

// The operator answers in English: a catalogue message per code, or a more precise one naming
// the field, the address or the reason. The console says what the code means in the reader's
// language and keeps the precise English text after it, rather than losing it (docs/api.md:
// the code is the contract, the message is for people).

/** What a failed envelope carries: its code, the server's message, its data (e.g. issues). */
export interface ServerFailure {
  code: number;
  message: string;
  detail?: unknown;
}

const catalogueMessages = new Map<number, string>(
  Object.values(errorCatalogue).map(({ code, message }) => [code, message]),
);

/** The server's message for `failure` in the reader's language, its precise text kept. */
export function serverMessage(failure: ServerFailure, t: TFunction): string {
  const catalogue = catalogueMessages.get(failure.code);
  const translated = t(`serverErrors.${failure.code}` as 'serverErrors.1000', {
    defaultValue: '',
  });
  const english = failure.message || catalogue || '';
  // English, or a code the console does not know: the server's text as it is.
  if (!translated || translated === catalogue) return english;
  if (english === catalogue) return translated;
  return `${translated}: ${english}`;
}

/** The envelope failure inside an RTK Query error, when the server answered with one. */
export function serverFailureOf(error: unknown): ServerFailure | undefined {
  const data = (error as { data?: Partial<EnvelopeErrorData> } | undefined)?.data;
  if (typeof data?.code !== 'number') return undefined;
  return {
    code: data.code,
    message: typeof data.message === 'string' ? data.message : '',
    ...(data.detail !== undefined ? { detail: data.detail } : {}),
  };
}

/**
 * What went wrong with a failed call, for one line on screen: the server's message in the
 * reader's language, or the transport's error (network, time-out) when no envelope came back.
 */
export function failureMessage(error: unknown, t: TFunction): string {
  const failure = serverFailureOf(error);
  if (failure) return serverMessage(failure, t);
  const text = (error as { error?: unknown } | undefined)?.error;
  return typeof text === 'string' ? text : String((error as { status?: unknown }).status ?? '');
}
