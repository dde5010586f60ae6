import { THEME_STORAGE_KEY } from '../constants';
import { localStore } from '../session/localStore';

/** What the user chose: follow the system, or always light or dark. */
export const themePreferences = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type ThemeMode = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

const isPreference = (value: unknown): value is ThemePreference =>
  themePreferences.includes(value as ThemePreference);

/** The choice remembered in this browser; the system's until one is made. */
export function readThemePreference(): ThemePreference {
  const stored = localStore()?.getItem(THEME_STORAGE_KEY);
  return isPreference(stored) ? stored : 'system';
}

export function rememberThemePreference(preference: ThemePreference): void {
  try {
    localStore()?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage full or refused: the choice holds for this page only.
  }
}

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const systemQuery = (query: string): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : undefined;

/** The system's colour scheme, when the browser can tell it. */
export function systemColorScheme(): MediaQueryList | undefined {
  return systemQuery(DARK_QUERY);
}

/** Whether the person asked their system for less motion, when the browser can tell it. */
export function systemReducedMotion(): MediaQueryList | undefined {
  return systemQuery(REDUCED_MOTION_QUERY);
}

export const themeModeOf = (preference: ThemePreference, systemDark: boolean): ThemeMode =>
  preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;

/**
 * Marks the document with the mode: the sign-in screen's stylesheet and the console's own CSS
 * read `data-theme`, and `color-scheme` gives native controls and scroll bars the same mode.
 */
export function applyThemeMode(mode: ThemeMode): void {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
}

/** The mode the page starts in, before any screen renders (no flash of the other one). */
export function startingThemeMode(): ThemeMode {
  return themeModeOf(readThemePreference(), systemColorScheme()?.matches ?? false);
}

/**
 * Keeps the document's mode following the system's colour scheme when the preference says to,
 * also where no ThemeModeProvider runs (the sign-in screen, drawn before the console loads).
 */
export function followSystemColorScheme(): void {
  systemColorScheme()?.addEventListener('change', () => applyThemeMode(startingThemeMode()));
}
