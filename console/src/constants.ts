// Business constants and limits. Codes the server shares come from the API contract.
import { errorCatalogue, successCode } from '@nimbus/api/shared';

export const PRODUCT_NAME = 'Nimbus';
export const DEFAULT_PRODUCT_HOST = 'nimbus.io';

export const API_BASE_PATH = '/api/v1';

/** Envelope codes the console reacts to, from the API contract's catalogue. */
export const ResponseCode = {
  success: successCode,
  tokenInvalid: errorCatalogue.tokenInvalid.code,
  noPermission: errorCatalogue.noPermission.code,
  /** A name that is taken, or an edit of an object someone changed since it was read. */
  conflict: errorCatalogue.conflict.code,
  /** The bootstrap administrator must change the generated password before anything else. */
  passwordChangeRequired: errorCatalogue.passwordChangeRequired.code,
} as const;

export const ERROR_NOTIFICATION_MS = 10_000;
export const TOKEN_EXPIRY_DEBOUNCE_MS = 2_000;
export const ORGANIZATION_SWITCH_DELAY_MS = 300;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** History is trimmed when over 8 entries, about 9 kept (see recentHistory.ts). */
export const HISTORY_TRIM_THRESHOLD = 8;

export {
  consoleLanguages as LANGUAGES,
  defaultConsoleLanguage as DEFAULT_LANGUAGE,
  languageCookieName as LANGUAGE_COOKIE,
  type ConsoleLanguage as Language,
} from '@nimbus/api/shared';

/**
 * The product docs per docs language. Same-origin paths, because the operator serves the docs
 * next to the console (the project's `/docs/{language}/` layout); there are no Japanese docs,
 * so Japanese readers get the English ones.
 */
export const DOCS_URLS = { zh: '/docs/zh/', en: '/docs/en/', ja: '/docs/ja/' } as const;

/**
 * Keys of the persisted session in localStorage: who is signed in, never the session token,
 * which lives only in the HttpOnly cookie (docs/decisions/identity-and-access.md).
 */
export const STORAGE_KEYS = {
  userName: 'nimbus.userName',
  userId: 'nimbus.userId',
  organization: 'nimbus.organization',
} as const;

/** Where this browser remembers the theme chosen (system, light or dark); not the session's. */
export const THEME_STORAGE_KEY = 'nimbus.theme';

/** Where earlier versions kept the session token; removed wherever found. */
export const LEGACY_TOKEN_KEY = 'nimbus.token';

/** Other persisted records of the signed-in user, cleared on sign-out with the session. */
export const RECORD_KEYS = {
  history: 'nimbus.history',
  searchHistory: 'nimbus.searchHistory',
} as const;

/** Request headers that name the session's user to the operator (which checks them against the cookie). */
export const SESSION_HEADERS = {
  userId: 'X-Nimbus-User-Id',
  userName: 'X-Nimbus-User-Name',
  organization: 'X-Nimbus-Organization',
} as const;

/**
 * Sent with every state-changing request: a header a cross-site form cannot send, which the
 * operator requires when the session arrives as a cookie only.
 */
export const REQUESTED_WITH_HEADER = { name: 'X-Nimbus-Requested-With', value: 'nimbus-console' };

export const EFFECTS = ['Allow', 'Deny'] as const;

/** Preset time ranges, in minutes; a custom range is offered besides. */
export const TIME_RANGE_MINUTES = [15, 30, 60, 120, 300, 720, 1440, 4320, 10080] as const;

export const UI_SIZES = {
  personalSettingsWidthPx: 800,
  personalSettingsTopPx: 30,
  globalControlDialogTopPx: 20,
} as const;
